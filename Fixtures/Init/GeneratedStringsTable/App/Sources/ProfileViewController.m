#import "ProfileViewController.h"
#import "App-Swift.h"

@implementation ProfileViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    self.title = [LocalString profile_title];
    UIBarButtonItem *share = [[UIBarButtonItem alloc] initWithTitle:LocalString.common_button_share
                                                              style:UIBarButtonItemStylePlain
                                                             target:nil
                                                             action:nil];
    UIBarButtonItem *signOut = [[UIBarButtonItem alloc] initWithTitle:[LocalString profile_sign_out]
                                                                style:UIBarButtonItemStylePlain
                                                               target:nil
                                                               action:nil];
    self.navigationItem.rightBarButtonItems = @[share, signOut];
}

@end
