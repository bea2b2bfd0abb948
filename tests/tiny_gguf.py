"""A tiny llama-architecture GGUF with random weights, written in the test itself (nothing
downloaded): it loads in llama.cpp and generates (nonsense) text, which is all a provider test
needs — the plumbing from messages to a Reply with llama.cpp's own token counts."""

from __future__ import annotations

from pathlib import Path

import numpy as np


def write_tiny_llama(path: Path, *, n_ctx: int = 256) -> Path:
    import gguf

    dim, layers, heads, ffn = 64, 2, 4, 128
    tokens = ["<unk>", "<s>", "</s>"] + [f"<0x{b:02X}>" for b in range(256)]
    tokens += ["▁the", "▁a", "▁is", "▁remem", "▁hello", "▁world", "▁memory", "▁I", "▁you"]
    kinds = [2, 3, 3] + [6] * 256 + [1] * 9  # unknown, control, byte, normal
    vocab = len(tokens)
    writer = gguf.GGUFWriter(str(path), "llama")
    writer.add_context_length(n_ctx)
    writer.add_embedding_length(dim)
    writer.add_block_count(layers)
    writer.add_feed_forward_length(ffn)
    writer.add_head_count(heads)
    writer.add_head_count_kv(heads)
    writer.add_rope_dimension_count(dim // heads)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_file_type(0)  # all float32
    writer.add_tokenizer_model("llama")
    writer.add_token_list(tokens)
    writer.add_token_scores([0.0] * vocab)
    writer.add_token_types(kinds)
    writer.add_bos_token_id(1)
    writer.add_eos_token_id(2)
    writer.add_unk_token_id(0)
    rng = np.random.default_rng(0)

    def tensor(name: str, *shape: int) -> None:
        writer.add_tensor(name, (rng.standard_normal(shape) * 0.02).astype(np.float32))

    tensor("token_embd.weight", vocab, dim)
    writer.add_tensor("output_norm.weight", np.ones(dim, dtype=np.float32))
    tensor("output.weight", vocab, dim)
    for i in range(layers):
        writer.add_tensor(f"blk.{i}.attn_norm.weight", np.ones(dim, dtype=np.float32))
        writer.add_tensor(f"blk.{i}.ffn_norm.weight", np.ones(dim, dtype=np.float32))
        for name in ("attn_q", "attn_k", "attn_v", "attn_output"):
            tensor(f"blk.{i}.{name}.weight", dim, dim)
        tensor(f"blk.{i}.ffn_gate.weight", ffn, dim)
        tensor(f"blk.{i}.ffn_up.weight", ffn, dim)
        tensor(f"blk.{i}.ffn_down.weight", dim, ffn)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path
