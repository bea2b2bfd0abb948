"""Reading text without a model: tokens, keyword terms and their stemmer, literal-string gates,
cues a request carries, and chunks of a document."""
