# ghscroll — see README.md. Every target works from a fresh clone.
SHELL := /bin/bash
SWIFT ?= swift
BUILD_FLAGS ?=
BIN = .build/debug/ghscroll
RELEASE_BIN = .build/release/ghscroll

.PHONY: all build release test unit e2e demo run bench soak fuzz clean check-warnings

all: build

build:
	@$(SWIFT) build $(BUILD_FLAGS) 2>&1 | tee .build-log.txt; exit $${PIPESTATUS[0]}
	@scripts/check-warnings .build-log.txt

release:
	$(SWIFT) build -c release $(BUILD_FLAGS)

# The whole suite: unit, integration (fake server on loopback) and end-to-end (tmux) tests.
test: build
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(SWIFT) test --skip-build $(BUILD_FLAGS)

demo: build
	$(BIN) --demo

# make run ARGS="followers octocat"
run: build
	$(BIN) $(ARGS)

bench: release
	$(SWIFT) run -c release ghscroll-bench

clean:
	rm -rf .build .build-log.txt
