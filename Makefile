# make install PREFIX=/usr/local   builds Linza in release mode and installs bin/linza
# make uninstall PREFIX=…          removes it
# make test                        Scripts/test.sh: the test tools if missing, then the test suite
# make bench                       benchmarks on generated corpora; rewrites docs/BENCHMARKS.md
# make fuzz [FUZZ_SECONDS=600]     every fuzz target under libFuzzer for FUZZ_SECONDS each (docs/FUZZING.md)
PREFIX ?= /usr/local
BINDIR = $(PREFIX)/bin

.PHONY: build install uninstall test bench fuzz

FUZZ_SECONDS ?= 60

build:
	swift build -c release --product linza

install: build
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 0755 "$$(swift build -c release --show-bin-path)/linza" "$(DESTDIR)$(BINDIR)/linza"

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/linza"

test:
	Scripts/test.sh

bench:
	Scripts/bench.sh

fuzz:
	Scripts/fuzz.sh --seconds $(FUZZ_SECONDS)
