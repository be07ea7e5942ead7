#import "SettingsViewController.h"

@implementation SettingsViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = NSLocalizedString(@"settings.title", @"Settings screen title");
    self.saveLabel.text = NSLocalizedStringFromTable(@"settings.save", @"Settings", nil);
    self.resetLabel.text = NSLocalizedStringFromTableInBundle(@"settings.reset", @"Settings", [NSBundle mainBundle], nil);
    self.helpLabel.text = NSLocalizedStringWithDefaultValue(@"settings.help", @"Settings", [NSBundle mainBundle],
                                                            @"Help", @"Help button");
}

@end
