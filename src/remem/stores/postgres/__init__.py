"""The PostgreSQL + pgvector store (``pip install 'remem[postgres]'``)."""

from remem.stores.postgres.store import PostgresStore

__all__ = ["PostgresStore"]
