# ghscroll — see README.md. Every target works from a fresh clone.
SHELL := /bin/bash
SWIFT ?= swift
BUILD_FLAGS ?=
BIN = .build/debug/ghscroll
RELEASE_BIN = .build/release/ghscroll
# A release binary that carries the Swift runtime, so an installed copy needs no toolchain.
# Cross-module optimisation specialises the paging core's generics for the app's types: about
# 30% less CPU per key (make bench).
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -cross-module-optimization
PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: all deps build release test e2e demo run bench fuzz soak clean man completions install uninstall install-check

all: build

# The Debian packages each target needs, installed when missing (scripts/install-deps; .ci/run
# uses the same script). DEPS=0 skips the check.
DEPS ?= 1
define deps
	@if [ "$(DEPS)" != 0 ]; then scripts/install-deps $(1); fi
endef

deps:
	$(call deps,all)

build:
	$(call deps,build)
	@$(SWIFT) build $(BUILD_FLAGS) 2>&1 | tee .build-log.txt; exit $${PIPESTATUS[0]}
	@scripts/check-warnings .build-log.txt

release:
	$(call deps,release)
	$(SWIFT) build $(RELEASE_FLAGS) --product ghscroll $(BUILD_FLAGS)

# Everything: unit tests, integration tests against the fake server on loopback, and the tmux
# end-to-end tests that drive the real binary (built by the `build` step first).
# The two groups run one after the other: the end-to-end tests load the machine (tmux, the real
# binary, their own fake servers), and next to them the in-process servers of the integration
# tests have missed their 10 s timeouts on a 2-core machine. The hostile bodies (hundreds of MB
# over loopback, a core each for the sender and the program) run alone at the end: beside them,
# the other end-to-end tests' fake servers answered seconds late. The others run four at a time:
# fourteen suites starting together (a program, a tmux server and a fake server each) made the
# first answers take 5-8 s and tests with a few seconds' window fail; four at a time is faster too.
E2E = $(SWIFT) test --skip-build --filter 'EndToEndTests\.' --skip 'HostileBodyEndToEndTests' \
	--experimental-maximum-parallelization-width 4 $(BUILD_FLAGS) \
	&& $(SWIFT) test --skip-build --filter 'HostileBodyEndToEndTests' $(BUILD_FLAGS); \
	status=$$?; rm -rf "$${TMPDIR:-/tmp}/ghs-e2e-caches"; exit $$status

# The unit and integration tests, in about half a minute; a run that has not ended in 20 minutes
# has a test waiting forever, and is stopped with a message rather than left to CI's own limit.
UNIT = timeout -k 30 1200 $(SWIFT) test --skip-build --skip 'EndToEndTests\.' $(BUILD_FLAGS) \
	|| { status=$$?; [ $$status -ne 124 ] || echo "make test: the unit tests had not ended after 20 minutes: a test waits forever" >&2; \
	exit $$status; }

test: build
	$(call deps,test)
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(UNIT)
	$(E2E)

# Only the end-to-end tests (tmux, --plain, the short soak).
e2e: build
	$(call deps,test)
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(E2E)

demo: build
	$(BIN) --demo

# make run ARGS="followers octocat"
run: build
	$(BIN) $(ARGS)

# Performance figures (medians; compare ratios), as a table and in .bench/results.json: frames,
# appends, prefetch stalls, --plain throughput, idle CPU, first row, the CPU of one request and of
# reading a page and a fill, memory per loaded user, bytes and CPU per scroll beside less and beside
# ncurses alone drawing the same frames (ncurses-floor).
# About 25 minutes; BENCH_QUICK=1 skips the million-user runs.
bench:
	$(call deps,release)
	$(SWIFT) build $(RELEASE_FLAGS) --product ghscroll $(BUILD_FLAGS)
	$(SWIFT) build $(RELEASE_FLAGS) --product ncurses-floor $(BUILD_FLAGS)
	$(SWIFT) build $(RELEASE_FLAGS) --product ghscroll-bench $(BUILD_FLAGS)
	.build/release/ghscroll-bench

# The full fault soak: 5,000 users through 20% 5xx, 5% truncation, a secondary limit every 25
# requests, 3 items of page overlap and random latency, with GitHub's real 1/4/9 s retry waits.
# (`make test` runs the same test on 1,000 users with 20 ms retry steps.)
soak: build
	$(call deps,test)
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	SOAK_USERS=5000 SOAK_RETRY_MS=1000 $(SWIFT) test --skip-build --filter SoakTests $(BUILD_FLAGS)

# libFuzzer on the Link parser and the page decoder, FUZZ_SECONDS each (CI runs them briefly).
FUZZ_SECONDS ?= 60
fuzz:
	$(call deps,build)
	SWIFTC="$(SWIFT)c" scripts/fuzz $(FUZZ_SECONDS)

# The man page: swift-argument-parser's manual generator over the command definitions, with the
# keys, the environment, the exit status and the examples added by `ghscroll manual-sections`.
# The generator reads the definitions as `manual-sections --tool-info` shapes them (no hidden
# subcommand, the options every list takes listed once), through a script that prints them. The
# page's title line says "General Commands Manual" (groff 1.22 puts "BSD" before it unless told
# otherwise) and its foot names ghscroll and its version.
man: release
	$(SWIFT) build --product generate-manual $(BUILD_FLAGS)
	rm -rf .build/man && mkdir -p .build/man
	set -o pipefail; $(RELEASE_BIN) --experimental-dump-help | $(RELEASE_BIN) manual-sections --tool-info > .build/man/tool-info.json
	printf '#!/bin/sh\nexec cat "%s"\n' "$(CURDIR)/.build/man/tool-info.json" > .build/man/tool-info
	chmod +x .build/man/tool-info
	.build/debug/generate-manual .build/man/tool-info --date $$(git log -1 --format=%cs 2>/dev/null || date +%F) \
		--output-directory .build/man >/dev/null
	sed -e 's/^$$/.Pp/' -e '/^\.Sh "EXIT STATUS"/,$$d' -e 's/^\.Dt /.ds doc-volume-operating-system\n&/' \
		-e "s/^\.Os$$/.Os ghscroll $$($(RELEASE_BIN) --version)/" .build/man/ghscroll.1 > .build/man/ghscroll.1.tmp
	$(RELEASE_BIN) manual-sections >> .build/man/ghscroll.1.tmp
	mv .build/man/ghscroll.1.tmp .build/man/ghscroll.1

completions: release
	mkdir -p .build/completions
	$(RELEASE_BIN) --generate-completion-script bash > .build/completions/ghscroll.bash
	$(RELEASE_BIN) --generate-completion-script zsh > .build/completions/_ghscroll
	$(RELEASE_BIN) --generate-completion-script fish > .build/completions/ghscroll.fish

# make install PREFIX=~/.local: the binary, the man page, bash, zsh and fish completions, and the
# example configuration (Resources/config.toml) in share/doc/ghscroll.
install: release man completions
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
		"$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" \
		"$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d" "$(DESTDIR)$(PREFIX)/share/doc/ghscroll"
	install -m 755 $(RELEASE_BIN) "$(DESTDIR)$(PREFIX)/bin/ghscroll"
	install -m 644 .build/man/ghscroll.1 "$(DESTDIR)$(PREFIX)/share/man/man1/ghscroll.1"
	install -m 644 .build/completions/ghscroll.bash "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/ghscroll"
	install -m 644 .build/completions/_ghscroll "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_ghscroll"
	install -m 644 .build/completions/ghscroll.fish "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/ghscroll.fish"
	install -m 644 Resources/config.toml "$(DESTDIR)$(PREFIX)/share/doc/ghscroll/config.toml"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/ghscroll" "$(DESTDIR)$(PREFIX)/share/man/man1/ghscroll.1" \
		"$(DESTDIR)$(PREFIX)/share/bash-completion/completions/ghscroll" \
		"$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_ghscroll" \
		"$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/ghscroll.fish" \
		"$(DESTDIR)$(PREFIX)/share/doc/ghscroll/config.toml"
	rmdir "$(DESTDIR)$(PREFIX)/share/doc/ghscroll" 2>/dev/null || true

# Installs into a temporary prefix and checks what landed: the binary runs without the
# toolchain's libraries, the man page renders, the completions are there, the example
# configuration is the one in Resources/ and loads; then uninstalls.
install-check:
	scripts/install-check

clean:
	rm -rf .build .build-log.txt
