"""The screens. This package's own: title, settings, pause, rules, and the small modals
(confirm, enter a code). The table and its modals live beside them."""
