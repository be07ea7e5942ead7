#import <Foundation/Foundation.h>

NSArray<NSString *> *ReaderMenuTitles(void) {
    return @[
        NSLocalizedString(@"Reader View", @"Menu item"),
        NSLocalizedString(@"Share", nil),
    ];
}
