"""Retrieval evaluation on public data sets: LoCoMo (conversation memory) and BEIR (documents)."""
