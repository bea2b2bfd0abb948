"""Search: filters, dense and keyword candidates, fusion."""
