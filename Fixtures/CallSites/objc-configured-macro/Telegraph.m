#import "Telegraph.h"

void setup(UILabel *label) {
    label.text = TGLocalized(@"Telegraph.Title");
    label.accessibilityLabel = TGLocalized(@"Telegraph." @"Accessibility");
}
