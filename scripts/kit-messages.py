#!/usr/bin/env python3
"""Prints, as a .pot, the messages written as interpolated literals where a KitError is made:
the string literals of the first argument of .notFound( .invalidState( .invalidArgument(
.ambiguous( and KitMessage's marker .message(, and the message: of an ICalendarError( (the argument itself, or each branch of a `?:` there). Each `\\(...)` becomes `%s` (one value) or `%1$s`, `%2$s` ... (several), and `%`
becomes `%%`, as KitMessage builds its template at run time, so that kitctl finds kitd's refusals
in the catalog. Usage: scripts/kit-messages.py FILE... > messages.pot
"""
import re
import sys

ERROR = re.compile(r'\bICalendarError\(')
CALL = re.compile(r'\.(notFound|invalidState|invalidArgument|ambiguous|message)\(')


def literal_at(text, start):
    """The Swift literal whose opening quote is at `start`: (template, arguments, end), or None
    when it is a multi-line literal or is followed by `+` (not a KitMessage then)."""
    if text.startswith('"""', start):
        return None
    out, count, i = [], 0, start + 1
    while i < len(text):
        c = text[i]
        if c == '"':
            rest = text[i + 1:].lstrip()
            if rest.startswith('+'):
                return None
            return ''.join(out), count, i + 1
        if c == '\n':
            return None
        if c == '\\':
            n = text[i + 1]
            if n == '(':
                count += 1
                out.append('\x00%d\x00' % count)
                i = skip_interpolation(text, i)
                continue
            if n == 'u':
                close = text.index('}', i)
                out.append(chr(int(text[i + 3:close], 16)))
                i = close + 1
                continue
            out.append({'n': '\n', 't': '\t', '"': '"', '\\': '\\', "'": "'", '0': '\0'}[n])
            i += 2
            continue
        out.append(c)
        i += 1
    return None


def skip_interpolation(text, j):
    """The index after the `\\(...)` that starts at `j`, literals inside it and all."""
    depth, j = 1, j + 2
    while depth:
        if text[j] == '"':
            j = skip_string(text, j)
            continue
        depth += {'(': 1, ')': -1}.get(text[j], 0)
        j += 1
    return j


def skip_string(text, j):
    """The index after the one-line literal that starts at `j`, interpolations and all."""
    j += 1
    while text[j] != '"':
        if text.startswith('\\(', j):
            j = skip_interpolation(text, j)
            continue
        j += 2 if text[j] == '\\' else 1
    return j + 1


def argument_literals(text, i):
    """Where the string literals at the top level of the first argument, which starts at `i`,
    open: the argument when it is a literal, or the branches of a `?:`."""
    starts, depth = [], 0
    while i < len(text):
        c = text[i]
        if c == '"':
            if depth == 0:
                starts.append(i)
            if text.startswith('"""', i):
                return starts
            i = skip_string(text, i)
            continue
        if c in '([{':
            depth += 1
        elif c in ')]}':
            if depth == 0:
                return starts
            depth -= 1
        elif c == ',' and depth == 0:
            return starts
        i += 1
    return starts


def template(parts, count):
    text = parts.replace('%', '%%')
    for n in range(1, count + 1):
        text = text.replace('\x00%d\x00' % n, '%s' if count == 1 else '%%%d$s' % n)
    return text


def po_escape(text):
    return text.replace('\\', '\\\\').replace('"', '\\"').replace('\n', '\\n').replace('\t', '\\t')


def main(files):
    seen = {}
    for path in files:
        with open(path, encoding='utf-8') as f:
            text = f.read()
        starts = [match.end() for match in CALL.finditer(text)]
        # ICalendarError(line: …, message: "…"): its message is a KitMessage too.
        for match in ERROR.finditer(text):
            label = text.find('message:', match.end(), match.end() + 200)
            if label >= 0:
                starts.append(label + len('message:'))
        for position in sorted(starts):
            for start in argument_literals(text, position):
                found = literal_at(text, start)
                if not found:
                    continue
                parts, count, _ = found
                message = template(parts, count)
                line = text.count('\n', 0, start) + 1
                seen.setdefault(message, []).append('%s:%d' % (path, line))
    print('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n')
    for message, places in seen.items():
        print('#: ' + ' '.join(places))
        if '%' in message.replace('%%', ''):
            print('#, c-format')
        print('msgid "%s"\nmsgstr ""\n' % po_escape(message))


main(sys.argv[1:])
