// NSLocalizedString(@"lexical.line_comment", nil);
/* NSLocalizedString(@"lexical.block", nil); /* C comments do not nest */
static const char quote = '"'; NSString *a = NSLocalizedString(@"lexical.after_char", nil);
NSString *s = @"NSLocalizedString(@\"lexical.fake\", nil)";
// continued comment \
NSLocalizedString(@"lexical.continued_comment", nil);
#pragma mark - Node's layout
#if 0
NSString *b = NSLocalizedString(@"lexical.if_zero", nil); // never compiled, so not a use
#endif
#define LEXICAL_TITLE NSLocalizedString(@"lexical.macro_body", nil)
NSString *c = NSLocalizedString(@"lexical.escaped\t\"key\"", nil);
