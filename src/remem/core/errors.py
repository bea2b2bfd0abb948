"""Every error remem raises on purpose.

The tree::

    RememError (500)
    ├── InvalidInputError (400, also a ValueError)
    │   ├── EmptyTextError          text is empty or only whitespace
    │   ├── InvalidTextError        text is not valid UTF-8
    │   ├── FilterError             a search/list filter is malformed
    │   └── VectorError             a vector has the wrong dimension, NaN or inf
    ├── AuthenticationError (401)   no API key, or one that is unknown or revoked
    ├── PermissionDeniedError (403) the API key may not touch that scope
    ├── NotFoundError (404, also a KeyError)
    ├── ConflictError (409)
    │   └── EmbedderMismatchError   the store's vectors came from another embedder
    ├── PayloadTooLargeError (413)  a text or request body is over its limit (remem.Limits)
    ├── TooManyRequestsError (429)  a tenant asked for more erasures than its limit allows
    ├── StoreError (500)            the database failed; wraps the backend exception
    │   ├── NotAStoreError (400)    the path is not (and cannot become) a remem store
    │   │   └── WrongKeyError (400) an encrypted store opened without its key, or a wrong one
    │   ├── StorageFullError (507)  the disk (or the database's size limit) is full
    │   └── StoreUnavailableError (503) the database is out of reach for now (a restart, a
    │                               failover): nothing of the failed call was written; retry
    ├── EmbedderError (502)         an embedding provider failed or answered nonsense
    ├── RerankerError (502)         a reranker failed (raised only in strict mode)
    ├── LLMError (502)              a language model call failed or answered nonsense
    │   ├── LLMAuthError (401)      the model's server refused the credentials
    │   ├── LLMRateLimitError (429) "too many requests" after every retry
    │   ├── LLMTimeoutError (504)   no answer in time, after every retry
    │   ├── LLMReplyError           an answer in an unusable form
    │   └── ContextOverflowError (413) the request does not fit the model's window
    ├── ServerUnavailableError (503) remem.Client cannot reach its server
    └── MissingDependencyError (500, also an ImportError)
                                    an optional extra is not installed

    LongTextWarning (a UserWarning) a memory outruns the embedder's window, windows off
    RerankWarning (a UserWarning)   a reranker failed; the fused order was kept
    IndexWarning (a UserWarning)    the vector index file was unusable and is rebuilt
    ModelChoiceWarning (a UserWarning) a new store's text is not English and the
                                    multilingual model is not installed

Each class carries ``status``, the HTTP status a server answers with, so the server and the CLI
map errors by type, never by matching message text. Messages say how to fix the problem, and
never show a password (:func:`remem.core.redact.mask`).
"""

from __future__ import annotations

from typing import Any

from remem.core.redact import mask

__all__ = [
    "AuthenticationError",
    "ConflictError",
    "EmbedderError",
    "EmbedderMismatchError",
    "EmptyTextError",
    "FilterError",
    "IndexWarning",
    "InvalidInputError",
    "InvalidTextError",
    "LongTextWarning",
    "MissingDependencyError",
    "ModelChoiceWarning",
    "NotAStoreError",
    "NotFoundError",
    "PayloadTooLargeError",
    "PermissionDeniedError",
    "RememError",
    "RerankWarning",
    "RerankerError",
    "ServerUnavailableError",
    "StorageFullError",
    "StoreError",
    "StoreUnavailableError",
    "TooManyRequestsError",
    "VectorError",
    "WrongKeyError",
]


class RememError(Exception):
    """Root of every error remem raises on purpose."""

    status: int = 500
    #: The server's id of the request that failed (its ``X-Request-ID``), on an error
    #: :class:`remem.Client` raises again from a server's answer; None otherwise.
    request_id: str | None = None

    def __init__(self, *args: Any) -> None:
        # A message never shows a password, whatever it quotes (remem.core.redact).
        super().__init__(*(mask(a) if isinstance(a, str) else a for a in args))


class InvalidInputError(RememError, ValueError):
    """The caller passed something remem cannot accept."""

    status = 400


class EmptyTextError(InvalidInputError):
    """Text is empty or only whitespace."""


class InvalidTextError(InvalidInputError):
    """Text is not valid UTF-8 (for example a lone surrogate from a bad decode)."""


class FilterError(InvalidInputError):
    """A filter expression is malformed."""


class VectorError(InvalidInputError):
    """A vector has the wrong shape or holds NaN/inf."""


class AuthenticationError(RememError):
    """No API key was sent, or the key is unknown or revoked."""

    status = 401


class PermissionDeniedError(RememError):
    """The API key is valid but may not read or write that scope."""

    status = 403


class PayloadTooLargeError(RememError):
    """A text, a value or a request body is larger than its limit (:class:`remem.Limits`, or
    the server's --max-body)."""

    status = 413


class TooManyRequestsError(RememError):
    """A tenant asked for more of a costly act (erasing a subject) than its limit allows in
    the time (:class:`remem.Limits`); try again later."""

    status = 429


class NotFoundError(RememError, KeyError):
    """No memory has that id."""

    status = 404

    def __str__(self) -> str:  # KeyError would repr() the message
        return str(self.args[0]) if self.args else "not found"


class ConflictError(RememError):
    """The request conflicts with what is stored; ``id``: the stored record's, when a write
    named an id that is taken."""

    status = 409

    def __init__(self, message: str = "", *, id: str | None = None) -> None:
        super().__init__(message)
        self.id = id


class EmbedderMismatchError(ConflictError):
    """The store holds vectors from a different embedder."""


class StoreError(RememError):
    """The storage backend failed."""

    status = 500


class NotAStoreError(StoreError):
    """The path is not a remem store and cannot be made into one."""

    status = 400


class WrongKeyError(NotAStoreError):
    """An encrypted store opened without its key, or with a wrong one (nothing is written)."""

    status = 400


class StorageFullError(StoreError):
    """The disk holding the store (or the database's size limit) is full: the write was undone
    and nothing acknowledged before it is lost. Free space, then retry."""

    status = 507


class StoreUnavailableError(StoreError):
    """The database could not be reached, or stopped answering mid-call (a restart, a failover
    under way): the call's transaction was undone whole, so retrying it is safe. Servers answer
    503 with ``Retry-After``."""

    status = 503


class EmbedderError(RememError):
    """An embedding provider failed."""

    status = 502


class RerankerError(RememError):
    """A reranker failed (raised only when the search asked for ``strict`` reranking)."""

    status = 502


class ServerUnavailableError(RememError):
    """:class:`remem.Client` could not reach its server (refused, timed out, cut off)."""

    status = 503


class LLMError(RememError):
    """A language model call failed or answered something unusable."""

    status = 502


class LLMAuthError(LLMError):
    """The model's server refused the credentials, or none were given (the message names the
    variable to set)."""

    status = 401


class LLMRateLimitError(LLMError):
    """The model's server kept answering "too many requests" after every retry."""

    status = 429


class LLMTimeoutError(LLMError):
    """The model did not answer in time, after every retry."""

    status = 504


class LLMReplyError(LLMError):
    """The model answered, but not in a usable form (not JSON where JSON was asked, an unknown
    tool, arguments that do not parse)."""


class ContextOverflowError(LLMError):
    """The request does not fit the model's context window."""

    status = 413


class MissingDependencyError(RememError, ImportError):
    """An optional dependency is not installed."""

    status = 500

    @classmethod
    def for_extra(cls, package: str, extra: str) -> MissingDependencyError:
        return cls(f"{package} is not installed: pip install 'remem[{extra}]'")


class LongTextWarning(UserWarning):
    """A memory is longer than the embedder's window and window vectors are off
    (``part_tokens=0``): its vector covers the first part only.

    Keyword search still covers all of its text; ``part_tokens > 0`` (the default) or
    ``add_document`` make every part searchable by meaning. Silence it with
    ``warnings.simplefilter("ignore", LongTextWarning)``.
    """


class RerankWarning(UserWarning):
    """A reranker failed at run time; the search kept the fused order instead of failing."""


class IndexWarning(UserWarning):
    """The vector index file beside a store could not be used (corrupt, or out of step with the
    store) and is being rebuilt from the store, which is the truth. Searches stay correct."""


class ModelChoiceWarning(UserWarning):
    """A new store's first memories are mostly not in English, and the multilingual model it
    would adopt is not installed (``pip install 'remem[multilingual]'``): it keeps the bundled
    English model (:mod:`remem.engine.model_choice`)."""
