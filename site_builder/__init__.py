"""Kradan site builder: Markdown lessons + engine-checked boards -> static site."""
