#import <UIKit/UIKit.h>

@interface ProfileViewController : UIViewController
@end
