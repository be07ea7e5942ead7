NSString *LocalizedTitle(void) {
    return [[NSBundle mainBundle] localizedStringForKey:@"bundle.title" value:@"Title" table:nil];
}

NSString *LocalizedSubtitle(NSBundle *bundle) {
    return [bundle localizedStringForKey:@"bundle.subtitle"
                                   value:nil
                                   table:@"Legacy"];
}
