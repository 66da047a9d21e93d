# Tern: `make demo` runs the demo, `make test` runs the tests. Both install missing system packages first.
SWIFT ?= swift

.PHONY: demo test build release bench deps clean

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
