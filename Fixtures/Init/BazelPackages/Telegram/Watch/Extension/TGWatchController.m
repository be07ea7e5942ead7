#import <WatchKit/WatchKit.h>

@implementation TGWatchController

- (void)awakeWithContext:(id)context
{
    self.title = NSLocalizedString(@"Watch.Title", nil);
}

@end
