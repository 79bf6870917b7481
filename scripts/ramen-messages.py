#!/usr/bin/env python3
"""Prints, as a .pot, the texts of the ramen catalog a person reads: each product's steps and
note, which kit looks up as they stand (`Localized.text(KitMessage(phrase:))`), `%` written
`%%` as in every template. Usage: scripts/ramen-messages.py CATALOG.json > ramen.pot
"""
import json
import sys


def po_escape(text):
    return text.replace('\\', '\\\\').replace('"', '\\"').replace('\n', '\\n').replace('\t', '\\t')


def main(path):
    with open(path, encoding='utf-8') as f:
        catalog = json.load(f)
    seen = {}
    for product in catalog['products']:
        texts = [step['text'] for step in product.get('steps', [])]
        if product.get('note'):
            texts.append(product['note'])
        for text in texts:
            seen.setdefault(text.replace('%', '%%'), []).append(product['id'])
    print('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n')
    for text, products in seen.items():
        print('#. ramen catalog: ' + ', '.join(products))
        print('msgid "%s"\nmsgstr ""\n' % po_escape(text))


main(sys.argv[1])
