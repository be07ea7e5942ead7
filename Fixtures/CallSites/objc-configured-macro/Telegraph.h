#define TGLocalized(s) NSLocalizedString(s, nil)
NSString *TGLocalizedFormat(NSString *key, ...);
