"""The ground floor: what every layer speaks — a memory's fields (:mod:`records`), errors,
limits and settings, input checks and filters, times, files, numbers, registries, metrics."""
