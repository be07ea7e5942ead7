#import <PizzaKit/PZLocale.h>

@implementation MenuViewController
- (void)viewDidLoad {
    self.title = PZLocalizedString(@"menu.title", @"The menu's title");
    self.emptyLabel.text = PZLocalizedString(@"menu.empty", @"No pizza yet");
    self.totalLabel.text = PZLocalizedFormat(@"menu.total", @{ @"total": self.total });
}
@end
