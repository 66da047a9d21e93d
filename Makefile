# Tern: `make demo` runs the demo, `make test` runs the tests. Both install missing system packages first.
SWIFT ?= swift

.PHONY: demo test build release bench deps clean fuzz install uninstall

deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT) build --product tern

# The release build links the Swift runtime and Foundation in: one binary that needs only the C libraries.
# Every function in a section of its own, so the link can put the code Tern runs side by side (see
# scripts/hot-code.sh): less of the binary is resident. Without them it still works, less compactly.
# Generic types are made at run time by calls that pass their conformances along, not from their mangled
# names: a name makes the runtime look each conformance up, and a first lookup scans all ~11,500 of the
# program's conformance records. Counted by callgrind over a start from a 1,000-post cache (`tern --offline`,
# to the finished first screen): 146 M instructions before, 103 M after; those scans 68 M, then 29 M; the
# binary 0.3 MB larger.
# The compiler keeps an object whose module did not change, whatever these flags: after changing them on
# an existing build, delete .build/release/*.build/*.o first. LINK_MAP=FILE also writes the link's map there.
RELEASE = $(SWIFT) build -c release --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	$(if $(LINK_MAP),-Xlinker -Map=$(LINK_MAP))

# One product at a time: a build of everything would also link ArgumentParser's plugin tool statically,
# which fails (the toolchain has no static Foundation for plugin tools).
release: deps
	$(RELEASE) --product tern

demo: build
	$(SWIFT) run --skip-build tern demo

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-swift-testing

# Measured as installed: the static release build (see release). newsboat too, for the programs compared.
bench: deps
	@./scripts/install-deps.sh bench
	$(RELEASE) --product tern
	$(RELEASE) --product tern-bench
	.build/release/tern-bench render
	.build/release/tern-bench live
	.build/release/tern-bench compose
	.build/release/tern-bench images
	.build/release/tern-bench memory
	.build/release/tern-bench startup
	$(RELEASE) --product TernSyncProbe
	.build/release/tern-bench keys
	.build/release/tern-bench feeds
	.build/release/tern-bench catchup

# make install PREFIX=/usr/local (default ~/.local); DESTDIR for packaging.
PREFIX ?= $(HOME)/.local
BIN = $(DESTDIR)$(PREFIX)/bin
SHARE = $(DESTDIR)$(PREFIX)/share
INSTALLED = $(BIN)/tern $(SHARE)/tern/themes $(SHARE)/man/man1/tern.1 \
	$(SHARE)/bash-completion/completions/tern $(SHARE)/zsh/site-functions/_tern $(SHARE)/fish/vendor_completions.d/tern.fish

# The manual page is made from the binary just built: ArgumentParser's generate-manual tool (a small debug
# build) asks it for its help. Its package plugin would first build every product again in a release of its
# own, which doubled the time of an install on a 2-core machine.
install: deps
	$(RELEASE) --product tern
	$(SWIFT) build --product generate-manual
	mkdir -p .build/manual
	.build/debug/generate-manual .build/release/tern --output-directory .build/manual
	install -d $(BIN) $(SHARE)/tern/themes $(SHARE)/man/man1 $(SHARE)/bash-completion/completions \
		$(SHARE)/zsh/site-functions $(SHARE)/fish/vendor_completions.d
	install -s -m 755 .build/release/tern $(BIN)/tern
	install -m 644 themes/*.toml $(SHARE)/tern/themes/
	install -m 644 .build/manual/tern.1 $(SHARE)/man/man1/tern.1
	.build/release/tern --generate-completion-script bash > $(SHARE)/bash-completion/completions/tern
	.build/release/tern --generate-completion-script zsh > $(SHARE)/zsh/site-functions/_tern
	.build/release/tern --generate-completion-script fish > $(SHARE)/fish/vendor_completions.d/tern.fish
	@echo "Installed tern in $(BIN) (its themes, man page and bash/zsh/fish completions under $(SHARE))."

uninstall:
	rm -rf $(INSTALLED)
	-rmdir $(SHARE)/tern 2>/dev/null

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
