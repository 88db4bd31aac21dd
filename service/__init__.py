"""The service: event store, players, auth, HTTP API and web pages (adapters and entrypoints)."""
