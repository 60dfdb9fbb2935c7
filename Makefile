# ghscroll — see README.md. Every target works from a fresh clone.
SHELL := /bin/bash
SWIFT ?= swift
BUILD_FLAGS ?=
BIN = .build/debug/ghscroll
RELEASE_BIN = .build/release/ghscroll

.PHONY: all build release test e2e demo run bench fuzz soak clean

all: build

build:
	@$(SWIFT) build $(BUILD_FLAGS) 2>&1 | tee .build-log.txt; exit $${PIPESTATUS[0]}
	@scripts/check-warnings .build-log.txt

release:
	$(SWIFT) build -c release $(BUILD_FLAGS)

# Everything: unit tests, integration tests against the fake server on loopback, and the tmux
# end-to-end tests that drive the real binary (built by the `build` step first).
# The two groups run one after the other: the end-to-end tests load the machine (tmux, the real
# binary, their own fake servers), and next to them the in-process servers of the integration
# tests have missed their 10 s timeouts on a 2-core machine.
test: build
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(SWIFT) test --skip-build --skip 'EndToEndTests\.' $(BUILD_FLAGS)
	$(SWIFT) test --skip-build --filter 'EndToEndTests\.' $(BUILD_FLAGS)

# Only the end-to-end tests (tmux, --plain, the short soak).
e2e: build
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(SWIFT) test --skip-build --filter 'EndToEndTests\.' $(BUILD_FLAGS)

demo: build
	$(BIN) --demo

# make run ARGS="followers octocat"
run: build
	$(BIN) $(ARGS)

# Performance figures (medians; compare ratios): frame cost with 100 vs 1,000,000 items, page
# appends as the list grows, --plain throughput over loopback, frames drawn while idle.
bench:
	$(SWIFT) build -c release --product ghscroll $(BUILD_FLAGS)
	$(SWIFT) build -c release --product ghscroll-bench $(BUILD_FLAGS)
	.build/release/ghscroll-bench

# The full fault soak: 5,000 users through 20% 5xx, 5% truncation, a secondary limit every 25
# requests, 3 items of page overlap and random latency, with GitHub's real 1/4/9 s retry waits.
# (`make test` runs the same test on 1,000 users with 20 ms retry steps.)
soak: build
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	SOAK_USERS=5000 SOAK_RETRY_MS=1000 $(SWIFT) test --skip-build --filter SoakTests $(BUILD_FLAGS)

# libFuzzer on the Link parser and the page decoder, FUZZ_SECONDS each (CI runs them briefly).
FUZZ_SECONDS ?= 60
fuzz:
	SWIFTC="$(SWIFT)c" scripts/fuzz $(FUZZ_SECONDS)

clean:
	rm -rf .build .build-log.txt
