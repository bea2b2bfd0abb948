"""remem as a backend of the agent frameworks people already run, one module per framework.

Each module imports its framework, which installs as an extra: ``pip install
'remem[langchain]'`` for :mod:`remem.integrations.langchain`.
"""
