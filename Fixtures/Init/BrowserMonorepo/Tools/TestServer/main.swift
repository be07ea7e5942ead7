// A test tool no app embeds and without tables: whose tables it would read is unknown.
print(NSLocalizedString("server.started", comment: "Printed when the test server starts"))
