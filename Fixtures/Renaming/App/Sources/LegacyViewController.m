#import "LegacyViewController.h"

#pragma mark - Node's layout

@implementation LegacyViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = NSLocalizedString(@"legacy.title", @"Legacy screen title");
    self.payButton.title = NSLocalizedString(@"checkout.pay", @"Pay button");
    self.navigationItem.prompt = NSLocalizedStringFromTable(@"checkout.title", @"Localizable", @"Checkout screen title");
    self.navigationItem.backButtonTitle = [[NSBundle mainBundle] localizedStringForKey:@"checkout.done" value:nil table:nil];
}

@end
