let markdown = """
    # Welcome
    NSLocalizedString("onboarding.fake", comment: "") is documentation here.
    A quote: "like this" and two: ""
    """
let intro = NSLocalizedString("""
    onboarding.intro
    """, comment: "Multi-line literal key; indentation is stripped")
let joined = NSLocalizedString("""
    onboarding.\
    joined
    """, comment: "Line continuation joins the lines")
