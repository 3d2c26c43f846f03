"""Rule modules: one per instruction or family. Each module registers its rules on import."""
