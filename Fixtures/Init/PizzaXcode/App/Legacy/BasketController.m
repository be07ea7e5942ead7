#import "Strings.h"

@implementation BasketController

#pragma mark - Basket's layout

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = PZLocalizedString(@"basket.title");
}

@end
