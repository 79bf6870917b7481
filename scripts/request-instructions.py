#!/usr/bin/env python3
"""Prints how many instructions kitd runs per request of one method, counted by callgrind: a
figure that does not move with the machine's load or clock, so two builds can be told apart by
less than the 5 % that `kit-bench get`'s rounds vary by.

Each kitd runs under valgrind twice, with a home of its own: once answering no request, once
answering REQUESTS copies of one request line, 256 in flight, over one connection. The difference,
divided by REQUESTS, is the figure; start-up and shutdown cancel out. valgrind 3.19 cannot read the
DWARF 5 of a Swift release build, so each kitd is copied without its debug information first
(`strip --strip-debug`: its symbols stay, for callgrind_annotate).

Usage: scripts/request-instructions.py [--method M] [--params JSON] [--requests N] KITD [KITD ...]
       e.g. scripts/request-instructions.py .build/release/kitd /tmp/old/.build/release/kitd
The default request is `timer.get` of a timer started first (the request path `kit-bench get`
measures). Needs valgrind.
"""
import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time


def instructions(kitd, method, params, requests, work):
    """The instructions callgrind counts in kitd's whole run, answering `requests` copies."""
    os.makedirs(work)
    env = {key: value for key, value in os.environ.items()
           if key not in ('DBUS_SESSION_BUS_ADDRESS', 'NOTIFY_SOCKET', 'LISTEN_FDS', 'LISTEN_PID')}
    for name in ('XDG_RUNTIME_DIR', 'XDG_DATA_HOME', 'XDG_CONFIG_HOME', 'XDG_STATE_HOME', 'HOME'):
        os.makedirs(os.path.join(work, name), mode=0o700)
        env[name] = os.path.join(work, name)
    out = os.path.join(work, 'callgrind.out')
    with open(os.path.join(work, 'valgrind.log'), 'w') as log:
        daemon = subprocess.Popen(['valgrind', '--tool=callgrind', f'--callgrind-out-file={out}', kitd], env=env,
                                  stdout=subprocess.DEVNULL, stderr=log)
    try:
        connection = connect(os.path.join(work, 'XDG_RUNTIME_DIR'), daemon)
        replies = connection.makefile('rb')

        def call(name, values):
            line = json.dumps({'jsonrpc': '2.0', 'id': 1, 'method': name, 'params': values}) + '\n'
            connection.sendall(line.encode())
            return json.loads(replies.readline())

        timer = call('timer.start', {'durationNs': 3_600_000_000_000, 'name': 'probe'})['result']['id']
        values = params if params is not None else {'ref': str(timer)}
        line = (json.dumps({'jsonrpc': '2.0', 'id': 7, 'method': method, 'params': values}) + '\n').encode()
        first = call(method, values)
        if 'error' in first:
            raise SystemExit(f'request-instructions: {method} failed: {first["error"]}')
        sent = received = 0
        while received < requests:
            room = min(256 - (sent - received), requests - sent)
            if room > 0:
                connection.sendall(line * room)
                sent += room
            reply = replies.readline()
            if b'"error"' in reply:
                raise SystemExit(f'request-instructions: {method} failed: {reply.decode().strip()}')
            received += 1
        connection.close()
        daemon.send_signal(signal.SIGTERM)
        daemon.wait(timeout=300)
    finally:
        if daemon.poll() is None:
            daemon.kill()
    with open(out) as f:
        for text in f:
            if text.startswith('totals:') or text.startswith('summary:'):
                return int(text.split()[1])
    raise SystemExit(f'request-instructions: no totals in {out}')


def connect(runtime, daemon):
    """A connection to kitd's socket, once it listens (valgrind starts it in a few seconds)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if daemon.poll() is not None:
            raise SystemExit('request-instructions: kitd exited before it listened (see valgrind.log)')
        for directory, _, files in os.walk(runtime):
            for name in files:
                if name.endswith('.sock'):
                    connection = socket.socket(socket.AF_UNIX)
                    try:
                        connection.connect(os.path.join(directory, name))
                        return connection
                    except OSError:
                        connection.close()
        time.sleep(0.2)
    raise SystemExit('request-instructions: kitd did not listen within 120 s')


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--method', default='timer.get')
    parser.add_argument('--params', type=json.loads, default=None, help='JSON; default {"ref": the timer}')
    parser.add_argument('--requests', type=int, default=20_000)
    parser.add_argument('kitd', nargs='+')
    arguments = parser.parse_args()
    if not shutil.which('valgrind'):
        raise SystemExit('request-instructions: needs valgrind (apt-get install valgrind)')
    with tempfile.TemporaryDirectory(prefix='kit-instructions-') as work:
        for index, kitd in enumerate(arguments.kitd):
            copy = os.path.join(work, f'kitd-{index}')
            subprocess.run(['strip', '--strip-debug', '-o', copy, kitd], check=True)
            idle = instructions(copy, arguments.method, arguments.params, 0, os.path.join(work, f'{index}-idle'))
            busy = instructions(copy, arguments.method, arguments.params, arguments.requests,
                                os.path.join(work, f'{index}-busy'))
            per = (busy - idle) / arguments.requests
            print(f'{kitd}: {per:,.0f} instructions per {arguments.method} '
                  f'({busy:,} with {arguments.requests:,} requests, {idle:,} with none)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
