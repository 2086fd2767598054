"""The service: settings, timings, start failures, metrics and logs, endpoints."""
