#!/usr/bin/env python3
"""Writes the Swift of the wire types declared in Sources/KitProtocol/Wire/*.wire: for each
X.wire, Sources/KitProtocol/Generated/X.generated.swift, with each type's public memberwise init
and the fast encoder (`LineWritable`) and decoder (`TapeReadable`) of the types that ask for them.

A .wire file declares structs as Swift does, with their doc comments, but with stored properties
alone: the generated struct has those properties, then `public init` taking each in order. An
optional `var` defaults to nil and a `var` with a value to that value, as Swift's own memberwise
init does. What else a type has (other inits, computed properties, methods, `CodingKeys`, an
`init(from:)`) goes in an extension in the .swift file of the same name (DiaryMethods.wire and
DiaryMethods.swift). Only the types that write themselves whole (`RecordRef`, `WireInstant`,
`DaemonStatusResult`) stay plain Swift structs.

A type asks for a codec with a marker on the line above its declaration, after its doc comment
(a marker in a .swift file is refused: the type is declared in a .wire file):

    // wire-codec: write          (a `LineWritable` conformance)
    // wire-codec: write read     (and a `TapeReadable` one)

Its stored properties are its wire form, as its synthesized `Codable` conformance has it: each
is a member of the same name, in declaration order, an absent optional left out. So the type must
not rename its members (no `CodingKeys` with other names) nor write itself (`encode(to:)`); a
read type must not read itself either (`init(from:)`), but for params, whose `init(from:)` only
takes protocol 1's names beside the same members (`Decoder.duration`). A duration member that
protocol 1 had is written with its twin (`LineWriter.duration`, `ProtocolOne`).

The kinds of member it knows: String, Bool, the integers, Double, Nanoseconds and [Nanoseconds],
an enum with String raw values (as its raw value), RequestID, RecordRef, [String], an array of
(optional) types that write themselves, and a type that writes itself (another marked type, or a
generic parameter). Anything else is an error here, not a guess.

The output goes through swift-format with the repository's .swift-format, so it reads as the rest.

Usage: scripts/wire-codec.py           write the files (and remove one whose .wire is gone)
       scripts/wire-codec.py --check   exit 1 when a file is not what it would write
       --sources DIR                   read DIR, DIR/Wire and write DIR/Generated instead of
                                       Sources/KitProtocol (the tests' own declarations)
The tests run --check (WireCodecGeneratedTests), so a type changed without running this fails.
A declaration it cannot read is refused with its file and line, and exit status 2.
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SOURCES = os.path.join(ROOT, 'Sources', 'KitProtocol')
DECLARATIONS = os.path.join(SOURCES, 'Wire')
OUTPUT = os.path.join(SOURCES, 'Generated')
MARKER = re.compile(r'^// wire-codec: (write(?: read)?)\s*$')
DECLARATION = re.compile(r'^public struct ([\w.]+)(<(\w+): \w+>)?: ')
PROPERTY = re.compile(
    r'^    public (?:private\(set\) |internal\(set\) )?(?:var|let) (`?\w+`?)(?:: ([^={]+?))?\s*(?:= (.+))?$')
INTEGERS = {'Int', 'Int64', 'Int32', 'Int16', 'Int8', 'UInt', 'UInt64', 'UInt32', 'UInt16', 'UInt8'}


class Failure(Exception):
    pass


def sources():
    for name in sorted(os.listdir(SOURCES)):
        if name.endswith('.swift'):
            with open(os.path.join(SOURCES, name), encoding='utf-8') as f:
                yield name, f.read().split('\n')
    for name in sorted(os.listdir(DECLARATIONS)):
        if name.endswith('.wire'):
            with open(os.path.join(DECLARATIONS, name), encoding='utf-8') as f:
                yield name, f.read().split('\n')


def declared_types(files):
    """Each struct of a .wire file: its lines before `public struct` (doc comment, marker), its
    declaration line, its properties with their doc comments, and the init's parameters."""
    types = []
    for name, lines in files:
        if not name.endswith('.wire'):
            continue
        index, lead = 0, []
        while index < len(lines):
            line = lines[index]
            if line.startswith('//') and not line.startswith('///') and not MARKER.match(line):
                index += 1  # a comment about the file, not part of a declaration
                continue
            if line.startswith('///') or line.startswith('@') or MARKER.match(line):
                lead.append(line)
                index += 1
                continue
            if line.strip() == '':
                if lead:
                    raise Failure(f'{name}:{index + 1}: a blank line between a doc comment and its struct')
                index += 1
                continue
            if not DECLARATION.match(line) or not line.endswith('{'):
                raise Failure(f'{name}:{index + 1}: expected `public struct Name: …{{`, a doc comment or a marker')
            body, parameters, docs = [], [], []
            index += 1
            while index < len(lines) and lines[index] != '}':
                inner = lines[index]
                match = PROPERTY.match(inner)
                if inner.startswith('    //'):
                    docs.append(inner)
                elif inner.strip() == '':
                    body += docs + ['']
                    docs = []
                elif match and match.group(2) is not None and not inner.rstrip().endswith('{'):
                    body += docs + [inner]
                    docs = []
                    kind, default = match.group(2).strip(), match.group(3)
                    if re.search(r'\blet ', inner) and default is not None:
                        raise Failure(f'{name}:{index + 1}: a `let` with a value is no member of the wire form')
                    if default is None and kind.endswith('?') and re.search(r'\bvar ', inner):
                        default = 'nil'
                    parameters.append((match.group(1), kind, default))
                else:
                    raise Failure(f'{name}:{index + 1}: a .wire struct holds stored properties with their '
                                  f'types alone; put the rest in an extension in the .swift file')
                index += 1
            if index == len(lines):
                raise Failure(f'{name}: {line} has no closing `}}` at the start of a line')
            if docs:
                raise Failure(f'{name}:{index}: a comment with no property after it')
            types.append({'file': name, 'lead': lead, 'declaration': line, 'body': body,
                          'parameters': parameters})
            lead = []
            index += 1
    return types


def struct(spec):
    """A declared type as Swift: its properties and its public memberwise init. A dotted name
    (`DaemonStatusResult.Counts`) is a type nested in an extension of the outer one."""
    outer, _, inner = DECLARATION.match(spec['declaration']).group(1).rpartition('.')
    declaration = spec['declaration'].replace(f'{outer}.{inner}', inner, 1) if outer else spec['declaration']
    out = spec['lead'] + [declaration] + spec['body'] + ['']
    parameters = ', '.join(f'{member.strip("`")}: {kind}' + (f' = {default}' if default is not None else '')
                           for member, kind, default in spec['parameters'])
    out.append(f'    public init({parameters}) {{')
    out += [f'        self.{member.strip("`")} = {member}' for member, _, _ in spec['parameters']]
    out += ['    }']
    out += duration_reader(spec)
    out += ['}']
    if outer:
        out = [f'extension {outer} {{'] + out + ['}']
    return [line for line in out if not MARKER.match(line)]


def duration_reader(spec):
    """A params type with a duration member reads it with `Decoder.duration`: as integer
    nanoseconds, or protocol 1's seconds under its old name, and refused with a clear error when
    it has a fraction. So its `init(from:)` is written here; the other members are read as its
    synthesized one would. Durations come last: a missing one throws, and the members after it
    would go unread (`ParamsSchema` reads the members a type decodes)."""
    name = DECLARATION.match(spec['declaration']).group(1)
    durations = [p for p in spec['parameters'] if p[1] in ('Nanoseconds', 'Nanoseconds?')]
    if not name.endswith('Params') or not durations:
        return []
    members = [member for member, _, _ in spec['parameters']]
    out = ['', '    enum CodingKeys: String, CodingKey {', f'        case {", ".join(members)}', '    }', '',
           '    public init(from decoder: any Decoder) throws {',
           '        let container = try decoder.container(keyedBy: CodingKeys.self)']
    for member, kind, _ in spec['parameters']:
        if (member, kind, _) in durations:
            continue
        call = 'decodeIfPresent' if kind.endswith('?') else 'decode'
        out.append(f'        self.{member.strip("`")} = try container.{call}({kind.rstrip("?")}.self, forKey: .{member})')
    for member, kind, _ in sorted(durations, key=lambda p: not p[1].endswith('?')):
        call = 'durationIfPresent' if kind.endswith('?') else 'duration'
        out.append(f'        self.{member.strip("`")} = try decoder.{call}(CodingKeys.{member})')
    out.append('    }')
    return out


def string_enums(files):
    """The names of the enums with String raw values (a timer's `State`, `WireEnum`s)."""
    names = set()
    for _, lines in files:
        for line in lines:
            match = re.match(r'^\s*(?:public )?enum (\w+): String\b', line)
            if match:
                names.add(match.group(1))
    return names


def twins(files):
    """ProtocolOne's members: the `Ns` member name -> the constant's name."""
    found = {}
    for name, lines in files:
        if name != 'ProtocolOne.swift':
            continue
        for line in lines:
            match = re.match(r'^\s*public static let (\w+) = Member\(key: "(\w+)"', line)
            if match:
                found[match.group(2)] = match.group(1)
    if not found:
        raise Failure('ProtocolOne.swift: no Member found')
    return found


def marked_types(files):
    """Each marked type: its name, generic parameter, what to generate, and stored properties."""
    types = []
    for name, lines in files:
        for index, line in enumerate(lines):
            marker = MARKER.match(line)
            if not marker:
                continue
            declaration = DECLARATION.match(lines[index + 1]) if index + 1 < len(lines) else None
            if not declaration:
                raise Failure(f'{name}:{index + 2}: the marker must stand right above `public struct`')
            body = []
            for inner in lines[index + 2:]:
                if inner == '}':
                    break
                body.append(inner)
            text = '\n'.join(body)
            if re.search(r'\bfunc encode\(to encoder', text) or re.search(r'enum CodingKeys: String[^{]*\{[^}]*=', text):
                raise Failure(f'{name}: {declaration.group(1)} writes itself or renames a member; '
                              'it cannot be generated')
            if 'read' in marker.group(1) and 'init(from decoder' in text and \
                    not declaration.group(1).endswith('Params'):
                raise Failure(f'{name}: {declaration.group(1)} reads itself; it cannot be generated')
            properties = []
            for inner in body:
                match = PROPERTY.match(inner)
                if not match or match.group(2) is None and match.group(3) is None:
                    continue
                if match.group(2) is None:
                    if not match.group(3).startswith('"'):
                        raise Failure(f'{name}: {declaration.group(1)}.{match.group(1)}: give its type')
                    kind = 'String'
                else:
                    kind = match.group(2).strip()
                    if kind.endswith('{'):
                        continue  # computed
                properties.append((match.group(1).strip('`'), kind))
            types.append({
                'name': declaration.group(1), 'generic': declaration.group(3), 'read': 'read' in marker.group(1),
                'properties': properties, 'file': name,
            })
    return types


def writer(value, kind, known):
    """The statements that write `value` of `kind` as a member's value (the member's name is out)."""
    if kind == 'String':
        return [f'line.string({value})']
    if kind == 'Bool':
        return [f'line.bool({value})']
    if kind in INTEGERS or kind == 'Nanoseconds':
        return [f'line.integer({value})']
    if kind == 'Double':
        return [f'try line.double({value})']
    if kind == 'RequestID':
        return [f'line.requestID({value})']
    if kind == 'RecordRef':
        return [f'line.string({value}.text)']
    if kind in known['enums']:
        return [f'line.string({value}.rawValue)']
    if kind == '[String]':
        return [f'line.array({value}) {{ line, element in line.string(element) }}']
    array = re.match(r'^\[(\w+)(\?)?\]$', kind)
    if array and array.group(1) in known['writable']:
        if array.group(2):
            return [f'try line.array({value}) {{ line, element in',
                    '    if let element { try element.write(to: &line) } else { line.null() }', '}']
        return [f'try line.array({value})']
    if kind in known['writable']:
        return [f'try {value}.write(to: &line)']
    raise Failure(f'no writer for a member of type {kind}')


def write_conformance(spec, known):
    name, generic = spec['name'], spec['generic']
    where = f' where {generic}: LineWritable' if generic else ''
    out = [f'extension {name}: LineWritable{where} {{',
           '    public func write(to line: inout LineWriter) throws {', '        line.openObject()']
    writable = dict(known, writable=known['writable'] | ({generic} if generic else set()))
    for member, kind in spec['properties']:
        optional = kind.endswith('?')
        base = kind[:-1] if optional else kind
        value = 'value' if optional else f'self.{member}'
        if base in ('Nanoseconds', '[Nanoseconds]') and member in known['twins']:
            call = 'duration' if base == 'Nanoseconds' else 'durations'
            statements = [f'try line.{call}(ProtocolOne.{known["twins"][member]}, {value})']
        else:
            statements = [f'line.member("{member}")'] + writer(value, base, writable)
        if optional:
            out.append(f'        if let value = self.{member} {{')
            out += [f'            {statement}' for statement in statements]
            out.append('        }')
        else:
            out += [f'        {statement}' for statement in statements]
    out += ['        line.closeObject()', '    }', '}']
    return out


def reader(member, kind, known):
    """The expression that reads member `member` of `kind` from `members` (a `TapeMembers`)."""
    optional = kind.endswith('?')
    base = kind[:-1] if optional else kind
    scalar = {'String': 'string', 'Bool': 'bool', 'RecordRef': 'ref'}.get(base)
    if scalar:
        return f'try members.{"optional" + scalar.capitalize() if optional else scalar}("{member}")'
    if optional:
        raise Failure(f'no reader for an optional member of type {base}')
    if base == 'Int64':
        return f'try members.integer("{member}")'
    if base in ('Int', 'Nanoseconds'):
        return f'{base}(try members.integer("{member}"))'
    if base in known['enums']:
        return f'try members.wireEnum("{member}", as: {base}.self)'
    raise Failure(f'no reader for a member of type {kind}')


def read_conformance(spec, known):
    name = spec['name']
    out = [f'extension {name}: TapeReadable {{', '    public init?(tape: JSONTape, at node: Int) {',
           '        guard tape.nodes[node].kind == .object else { return nil }']
    if not spec['properties']:
        out += ['        self.init()', '    }', '}']
        return out
    out += ['        let members = TapeMembers(tape: tape, object: node)', '        do throws(TapeMembers.Mismatch) {']
    for member, kind in spec['properties']:
        out.append(f'            self.{member} = {reader(member, kind, known)}')
    out += ['        } catch {', '            return nil', '        }', '    }', '}']
    return out


def generate():
    """Each .wire file's Swift: `Generated/<name>.generated.swift`, by file name."""
    files = list(sources())
    declared = declared_types(files)
    types = marked_types(files)
    for spec in types:
        if not spec['file'].endswith('.wire'):
            raise Failure(f'{spec["file"]}: {spec["name"]} is marked `// wire-codec:`; declare it in a .wire file')
    known = {'enums': string_enums(files), 'twins': twins(files), 'writable': {t['name'] for t in types}}
    codecs = {spec['name']: spec for spec in types}
    outputs = {}
    for spec in declared:
        name = spec['file'][:-len('.wire')] + '.generated.swift'
        out = outputs.setdefault(name, [
            f'// Generated by scripts/wire-codec.py from Wire/{spec["file"]}; do not edit. Run',
            '// scripts/wire-codec.py after changing it (WireCodecGeneratedTests checks).', '', 'import KitCore', ''])
        out += struct(spec) + ['']
        codec = codecs.get(DECLARATION.match(spec['declaration']).group(1))
        if codec:
            out += write_conformance(codec, known) + ['']
            if codec['read']:
                out += read_conformance(codec, known) + ['']
    return {name: formatted('\n'.join(out).rstrip('\n') + '\n') for name, out in outputs.items()}


def formatted(text):
    """The text as swift-format writes it, with the repository's configuration."""
    try:
        result = subprocess.run(
            ['swift-format', 'format', '--configuration', os.path.join(ROOT, '.swift-format'), '-'],
            input=text, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        raise Failure('swift-format is not on PATH (it comes with the Swift toolchain)') from None
    if result.returncode != 0:
        raise Failure(f'swift-format failed on the generated text: {result.stderr.strip()}')
    return result.stdout


def main():
    global SOURCES, DECLARATIONS, OUTPUT
    arguments = sys.argv[1:]
    if '--sources' in arguments:
        index = arguments.index('--sources')
        if index + 1 == len(arguments):
            print('wire-codec: --sources takes a directory', file=sys.stderr)
            return 2
        SOURCES = os.path.abspath(arguments[index + 1])
        DECLARATIONS = os.path.join(SOURCES, 'Wire')
        OUTPUT = os.path.join(SOURCES, 'Generated')
        del arguments[index:index + 2]
    if arguments not in ([], ['--check']):
        print('wire-codec: usage: scripts/wire-codec.py [--check] [--sources DIR]', file=sys.stderr)
        return 2
    try:
        texts = generate()
    except Failure as failure:
        print(f'wire-codec: {failure}', file=sys.stderr)
        return 2
    present = set(os.listdir(OUTPUT)) if os.path.isdir(OUTPUT) else set()
    present = {name for name in present if name.endswith('.generated.swift')}
    where = os.path.relpath(OUTPUT, ROOT)
    if arguments == ['--check']:
        stale = sorted(name for name, text in texts.items() if not same(os.path.join(OUTPUT, name), text))
        stale += sorted(present - set(texts))
        if stale:
            print(f'wire-codec: stale in {where}: {", ".join(stale)}; run scripts/wire-codec.py', file=sys.stderr)
            return 1
        print(f'wire-codec: the {len(texts)} files in {where} are current')
        return 0
    os.makedirs(OUTPUT, exist_ok=True)
    for name in present - set(texts):
        os.remove(os.path.join(OUTPUT, name))
    for name, text in texts.items():
        if not same(os.path.join(OUTPUT, name), text):
            with open(os.path.join(OUTPUT, name), 'w', encoding='utf-8') as f:
                f.write(text)
    print(f'wire-codec: wrote the {len(texts)} files in {where}')
    return 0


def same(path, text):
    try:
        with open(path, encoding='utf-8') as f:
            return f.read() == text
    except FileNotFoundError:
        return False


if __name__ == '__main__':
    sys.exit(main())
