# Tern: `make demo` runs the demo, `make test` runs the tests. Both install missing system packages first.
SWIFT ?= swift

.PHONY: demo test build release bench deps clean fuzz

deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT) build --product tern

release: deps
	$(SWIFT) build -c release

demo: build
	$(SWIFT) run --skip-build tern demo

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-swift-testing

bench: deps
	$(SWIFT) run -c release tern-bench render
	$(SWIFT) run -c release tern-bench images
	$(SWIFT) run -c release tern-bench memory

clean:
	rm -rf .build

# Fuzzing (libFuzzer): each target for FUZZ_RUNS inputs or FUZZ_SECONDS, whichever ends first. Inputs that
# crash land in Tests/FuzzCorpus/TARGET/, which `make test` replays.
FUZZ_TARGETS ?= page status html link sanitizer image
FUZZ_RUNS ?= 1000000
FUZZ_SECONDS ?= 300
fuzz: deps
	TERN_FUZZ=1 $(SWIFT) build -c release --scratch-path .build-fuzz --product tern-fuzz \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld
	@for t in $(FUZZ_TARGETS); do \
		mkdir -p .build-fuzz/corpus/$$t Tests/FuzzCorpus/$$t; \
		echo "== $$t"; \
		TERN_FUZZ_TARGET=$$t .build-fuzz/release/tern-fuzz -runs=$(FUZZ_RUNS) -max_total_time=$(FUZZ_SECONDS) \
			-rss_limit_mb=2048 -artifact_prefix=Tests/FuzzCorpus/$$t/crash- \
			.build-fuzz/corpus/$$t Tests/FuzzCorpus/$$t 2>&1 | grep -E "^#[0-9]+ *DONE|ERROR|SUMMARY|Done [0-9]+ runs" ; \
	done
