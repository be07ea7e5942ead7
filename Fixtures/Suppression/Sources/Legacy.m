// linza:disable all
NSString *legacyTitle(void) { return NSLocalizedString(@"legacy.title", nil); }
// linza:enable all
