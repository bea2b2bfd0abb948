"""remem: long-term memory for LLM applications and agents.

    import remem
    with remem.open("./memories") as mem:
        mem.add("Alice is allergic to peanuts.", user_id="alice", kind="fact")
        for hit in mem.search("what can't Alice eat?", user_id="alice"):
            print(hit.score, hit.text)

Nothing here does work at import time: models load on first use, stores open when asked.
"""

from remem import tools
from remem.client import Client
from remem.core import moved as _moved
from remem.core.errors import (
    AuthenticationError,
    ConflictError,
    ContextOverflowError,
    EmbedderError,
    EmbedderMismatchError,
    EmptyTextError,
    FilterError,
    IndexWarning,
    InvalidInputError,
    InvalidTextError,
    LLMAuthError,
    LLMError,
    LLMRateLimitError,
    LLMReplyError,
    LLMTimeoutError,
    LongTextWarning,
    MissingDependencyError,
    ModelChoiceWarning,
    NotAStoreError,
    NotFoundError,
    PayloadTooLargeError,
    PermissionDeniedError,
    RememError,
    RerankerError,
    RerankWarning,
    ServerUnavailableError,
    StorageFullError,
    StoreError,
    StoreUnavailableError,
    TooManyRequestsError,
    VectorError,
    WrongKeyError,
)
from remem.core.limits import Limits
from remem.core.records import (
    Context,
    IndexState,
    MemoryRecord,
    Provenance,
    SearchHit,
    StoreStats,
    TrashedMemory,
    Trust,
)
from remem.core.settings import Settings
from remem.embedders import Embedder, EmbedderSignature, get_embedder, register_embedder
from remem.llm import LLM, ChatModel, Reply, ToolCall, Usage, get_llm
from remem.memory import AsyncMemory, Memory, open
from remem.memory_types.cache import CacheLookup, SemanticCache
from remem.memory_types.chat import ChatMemory
from remem.memory_types.facts import FactChange, FactMemory
from remem.memory_types.keyvalue import KeyMatch, KeyValueMemory
from remem.memory_types.persona import Persona, PersonaContext
from remem.memory_types.stream import MemoryStream
from remem.rerankers import Reranker, get_reranker, register_reranker
from remem.retrieval.config import AGENT_RETRIEVAL, RetrievalConfig
from remem.text.tokens import token_counter
from remem.trust.access import Grant
from remem.trust.provenance import deriving

__version__ = "0.1.0"

_moved.install()  # the ground floor's old module names (remem.core.moved)

__all__ = [
    "AGENT_RETRIEVAL",
    "LLM",
    "AsyncMemory",
    "AuthenticationError",
    "CacheLookup",
    "ChatMemory",
    "ChatModel",
    "Client",
    "ConflictError",
    "Context",
    "ContextOverflowError",
    "Embedder",
    "EmbedderError",
    "EmbedderMismatchError",
    "EmbedderSignature",
    "EmptyTextError",
    "FactChange",
    "FactMemory",
    "FilterError",
    "Grant",
    "IndexState",
    "IndexWarning",
    "InvalidInputError",
    "InvalidTextError",
    "KeyMatch",
    "KeyValueMemory",
    "LLMAuthError",
    "LLMError",
    "LLMRateLimitError",
    "LLMReplyError",
    "LLMTimeoutError",
    "Limits",
    "LongTextWarning",
    "Memory",
    "MemoryRecord",
    "MemoryStream",
    "MissingDependencyError",
    "ModelChoiceWarning",
    "NotAStoreError",
    "NotFoundError",
    "PayloadTooLargeError",
    "PermissionDeniedError",
    "Persona",
    "PersonaContext",
    "Provenance",
    "RememError",
    "Reply",
    "RerankWarning",
    "Reranker",
    "RerankerError",
    "RetrievalConfig",
    "SearchHit",
    "SemanticCache",
    "ServerUnavailableError",
    "Settings",
    "StorageFullError",
    "StoreError",
    "StoreStats",
    "StoreUnavailableError",
    "TooManyRequestsError",
    "ToolCall",
    "TrashedMemory",
    "Trust",
    "Usage",
    "VectorError",
    "WrongKeyError",
    "__version__",
    "deriving",
    "get_embedder",
    "get_llm",
    "get_reranker",
    "open",
    "register_embedder",
    "register_reranker",
    "token_counter",
    "tools",
]
