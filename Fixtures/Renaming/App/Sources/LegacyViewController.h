#import <UIKit/UIKit.h>

@interface LegacyViewController : UIViewController
@property (nonatomic, strong) UIBarButtonItem *payButton;
@end
