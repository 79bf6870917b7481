#!/usr/bin/env python3
"""kit beside the daemons it sits with (issue 34), measured in one run on this machine:

- PSS (proportional set size, /proc/PID/smaps_rollup) of an idle daemon with nothing pending,
  10,000 and 100,000 pending: kitd (timers), atd (at jobs), remind -z (REM lines in its file)
  and calcurse --daemon (appointments);
- scheduling one item as a whole command: `kitctl timer start`, `at now + 1 min`, and a REM
  line appended to remind's file; medians of 100 runs, taken in turns;
- in the same turns, what the ratio stands on: a C program that does nothing (`/bin/true`), a
  static Swift program that prints a line, linked as kitctl is (built here with swiftc; left out
  without one), and kitd's answer to kitctl's `timer.start` over its socket from this script.
  `kitctl timer start` is about the Swift program plus kitd's answer: the rest is kitctl's own;
- the same commands and kitd's answer again, each after 2 s of nothing (15 runs): what a person
  typing them meets, with kitd's file pages given back (IdleRelease) and the CPUs idle.

Usage: scripts/neighbours.py [BINDIR] [--schedule-only]   (kitd and kitctl from BINDIR, default
.build/release; --schedule-only leaves out the PSS rows, which take ten minutes)
Needs at, remind and calcurse (apt-get install at remind calcurse); a missing one is skipped.
Every process it starts it stops, by PID (an atd already running is measured and left running);
everything it writes is under one temporary directory, but for at's jobs, in queue z, removed at the end.
"""
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

COUNTS = [0, 10_000, 100_000]
RUNS = 100
IDLE_RUNS, IDLE_SECONDS = 15, 2.0


def pss_kib(pid):
    with open(f'/proc/{pid}/smaps_rollup') as f:
        for line in f:
            if line.startswith('Pss:'):
                return int(line.split()[1])
    return 0


def mib(kib):
    return f'{kib / 1024:.1f}'


def settle(pid, seconds=2.0):
    """PSS once the daemon has been idle for `seconds`."""
    time.sleep(seconds)
    return pss_kib(pid)


def wait_for(predicate, timeout=30.0):
    end = time.time() + timeout
    while time.time() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def alive(pid):
    """Whether `pid` runs (a zombie, ended but not yet waited for, does not)."""
    try:
        with open(f'/proc/{pid}/stat') as f:
            return f.read().rsplit(')', 1)[1].split()[0] != 'Z'
    except OSError:
        return False


def stop(pid):
    """SIGTERM, then SIGKILL after 5 s."""
    try:
        os.kill(pid, signal.SIGTERM)
        if not wait_for(lambda: not alive(pid), timeout=5):
            os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


class Kit:
    name = 'kit (kitd)'

    def __init__(self, root, bindir):
        self.root = root
        self.bindir = bindir
        self.env = {
            'PATH': '/usr/bin:/bin', 'HOME': root, 'XDG_RUNTIME_DIR': root + '/run',
            'XDG_DATA_HOME': root + '/data', 'XDG_CONFIG_HOME': root + '/config', 'LANG': 'C.UTF-8',
        }
        for d in ('run', 'data', 'config'):
            os.makedirs(root + '/' + d, exist_ok=True)
        self.socket = root + '/run/kit/kitd.sock'

    def answer_ms(self):
        """kitd's answer to what `schedule_command` sends, from connect to the reply's end."""
        request = json.dumps({'jsonrpc': '2.0', 'id': 1, 'method': 'timer.start',
                              'params': {'durationNs': 3_600_000_000_000, 'name': 'bench'}}).encode() + b'\n'
        started = time.perf_counter_ns()
        with socket.socket(socket.AF_UNIX) as s:
            s.connect(self.socket)
            s.sendall(request)
            reply = b''
            while not reply.endswith(b'\n'):
                chunk = s.recv(65536)
                if not chunk:
                    raise SystemExit('kitd closed the connection')
                reply += chunk
        return (time.perf_counter_ns() - started) / 1e6

    def start(self, pending):
        self.process = subprocess.Popen(
            [self.bindir + '/kitd'], env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not wait_for(lambda: os.path.exists(self.socket)):
            raise SystemExit('kitd did not start')
        if pending:
            self.add_timers(pending)
        return self.process.pid

    def add_timers(self, count):
        """`count` timers a day or more ahead, pipelined on one connection."""
        s = socket.socket(socket.AF_UNIX)
        s.connect(self.socket)
        batch = 1000
        for start in range(0, count, batch):
            lines = ''.join(
                json.dumps({'jsonrpc': '2.0', 'id': i, 'method': 'timer.start',
                            'params': {'durationNs': (86_400 + i) * 1_000_000_000, 'name': f'pending {i}'}}) + '\n'
                for i in range(start, min(count, start + batch)))
            s.sendall(lines.encode())
            replies = 0
            buffer = b''
            while replies < min(batch, count - start):
                chunk = s.recv(1 << 20)
                if not chunk:
                    raise SystemExit('kitd closed the connection')
                buffer += chunk
                replies = buffer.count(b'\n')
        s.close()

    def stop(self):
        stop(self.process.pid)
        self.process.wait()
        shutil.rmtree(self.root + '/data', ignore_errors=True)
        os.makedirs(self.root + '/data')

    def schedule_command(self):
        return [self.bindir + '/kitctl', 'timer', 'start', '1h', '--name', 'bench']


class Floor:
    """A program whose whole run is a floor under a scheduling command's: `/bin/true`, or a
    static Swift program that prints one line, built and linked as kitctl is (`make release`:
    the Swift runtime and libstdc++ inside it, at a fixed address, no symbols exported)."""

    def __init__(self, name, command):
        self.name = name
        self.command = command

    @staticmethod
    def swift(root):
        swiftc = shutil.which('swiftc')
        if not swiftc:
            print('neighbours: no swiftc on PATH; the Swift floor is left out')
            return None
        os.makedirs(root + '/floor', exist_ok=True)
        with open(root + '/floor/main.swift', 'w') as f:
            f.write('print("scheduled")\n')
        # libstdc++.a where the link looks first, as for kitctl (without one, it loads the .so).
        subprocess.run([os.path.join(os.path.dirname(os.path.abspath(__file__)), 'static-libstdcxx.sh'),
                        root + '/floor'], check=True)
        built = subprocess.run(
            [swiftc, '-O', '-static-stdlib', '-use-ld=lld', '-Xclang-linker', '-no-pie', '-Xclang-linker',
             '-static-libgcc', '-L', root + '/floor', '-Xlinker', '--no-export-dynamic', root + '/floor/main.swift',
             '-o', root + '/floor/print'], capture_output=True, text=True)
        if built.returncode != 0:
            print('neighbours: the Swift floor did not build; left out: ' + built.stderr.strip()[:300])
            return None
        return Floor('swift', [root + '/floor/print'])

    def schedule_command(self):
        return self.command


class At:
    name = 'atd'
    # `at` takes about 16 ms a job here (it syncs the spool): 100,000 would take half an hour.
    # atd reads its spool directory on each run and keeps no job in memory; the row with 10,000
    # shows its PSS does not follow the count.
    most = 10_000

    def __init__(self, root):
        self.root = root

    @staticmethod
    def present():
        return shutil.which('at') and os.path.exists('/usr/sbin/atd')

    def start(self, pending):
        """Queues `pending` jobs in queue z (this script's own), and starts atd unless one runs:
        a system atd is measured as it is and left running."""
        self.clear()
        for _ in range(pending):
            subprocess.run(['at', '-q', 'z', 'now + 2 days'], input=b'true\n', stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=True)
        self.ours = self.pid() is None
        if self.ours:
            subprocess.run(['/usr/sbin/atd'], check=True)
            wait_for(lambda: self.pid() is not None)
        return self.pid()

    def pid(self):
        try:
            with open('/run/atd.pid') as f:
                return int(f.read().strip())
        except (OSError, ValueError):
            found = subprocess.run(['pgrep', '-x', 'atd'], capture_output=True, text=True).stdout.split()
            return int(found[0]) if found else None

    def jobs(self):
        listed = subprocess.run(['atq', '-q', 'z'], capture_output=True, text=True).stdout.splitlines()
        return [line.split()[0] for line in listed if line.strip()]

    def stop(self):
        pid = self.pid()
        if pid and self.ours:
            stop(pid)
        self.clear()

    def clear(self):
        """Removes the jobs of queue z, 2,000 to an atrm."""
        while jobs := self.jobs()[:2000]:
            subprocess.run(['atrm'] + jobs, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def schedule_command(self):
        return ['at', '-q', 'z', 'now + 1 min']


class Remind:
    name = 'remind -z'

    def __init__(self, root):
        self.root = root
        self.file = root + '/reminders.rem'

    @staticmethod
    def present():
        return shutil.which('remind')

    def start(self, pending):
        with open(self.file, 'w') as f:
            for i in range(pending):
                f.write(f'REM Dec 25 2030 AT 10:{i % 60:02d} MSG item {i}\n')
        self.process = subprocess.Popen(['remind', '-z1', self.file], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        return self.process.pid

    def stop(self):
        stop(self.process.pid)
        self.process.wait()

    def schedule_command(self):
        return ['sh', '-c', f'echo "REM Dec 25 2030 AT 10:00 MSG bench" >> {self.file}']


class Calcurse:
    name = 'calcurse --daemon'

    def __init__(self, root):
        self.root = root
        self.data = root + '/calcurse'

    @staticmethod
    def present():
        return shutil.which('calcurse')

    def start(self, pending):
        os.makedirs(self.data, exist_ok=True)
        with open(self.data + '/apts', 'w') as f:
            for i in range(pending):
                f.write(f'12/25/2030 @ 10:00 -> 12/25/2030 @ 10:30 |item {i}\n')
        open(self.data + '/todo', 'w').close()
        with open(self.data + '/conf', 'w') as f:
            f.write('daemon.enable=yes\ndaemon.log=no\nnotification.command=true\n')
        subprocess.run(['calcurse', '-D', self.data, '--daemon'], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        wait_for(lambda: self.pid() is not None)
        return self.pid()

    def pid(self):
        """The daemon (calcurse forks it and exits; its pid file is not kept with -D)."""
        found = subprocess.run(['pgrep', '-f', f'^calcurse -D {self.data} --daemon$'], capture_output=True,
                               text=True).stdout.split()
        live = [int(p) for p in found if alive(int(p))]
        return live[0] if live else None

    def stop(self):
        pid = self.pid()
        if pid:
            stop(pid)
        shutil.rmtree(self.data, ignore_errors=True)


def command_ms(command, env=None):
    started = time.perf_counter_ns()
    subprocess.run(command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True)
    return (time.perf_counter_ns() - started) / 1e6


def main():
    sys.stdout.reconfigure(line_buffering=True)
    schedule_only = '--schedule-only' in sys.argv[1:]
    arguments = [a for a in sys.argv[1:] if a != '--schedule-only']
    bindir = os.path.abspath(arguments[0] if arguments else '.build/release')
    root = tempfile.mkdtemp(prefix='kit-neighbours-')
    try:
        kit = Kit(root + '/kit', bindir)
        daemons = [kit] + [d(root) for d in (At, Remind, Calcurse) if d.present()]
        missing = [d.name for d in (At, Remind, Calcurse) if not d.present()]
        print(f'neighbours: kitd from {bindir}; 2 cores; PSS in MiB after 2 s idle')
        if missing:
            print('neighbours: not installed, skipped: ' + ', '.join(missing) + ' (apt-get install at remind calcurse)')
        if not schedule_only:
            print('| | ' + ' | '.join(d.name for d in daemons) + ' |')
            print('|---|' + '---|' * len(daemons))
        for count in [] if schedule_only else COUNTS:
            row = []
            for daemon in daemons:
                if count > getattr(daemon, 'most', count):
                    row.append('– (not run)')
                    continue
                pid = daemon.start(count)
                row.append(mib(settle(pid)) if pid else '–')
                daemon.stop()
            print(f'| PSS, {count:,} pending | ' + ' | '.join(row) + ' |')

        # One item scheduled, as a whole command, the daemons running with nothing pending.
        schedulers = [kit] + [d for d in daemons if isinstance(d, (At, Remind))]
        floors = [Floor('true', ['/bin/true'])] + [f for f in [Floor.swift(root)] if f]
        pids = [d.start(0) for d in schedulers]
        times = {d.name: [] for d in schedulers + floors}
        times['answer'] = []
        for _ in range(RUNS):
            for d in schedulers + floors:
                times[d.name].append(command_ms(d.schedule_command(), env=kit.env if d is kit else None))
            times['answer'].append(kit.answer_ms())
        # The same after IDLE_SECONDS of nothing each, as a person types a command: kitd has given
        # back its file pages by then (IdleRelease, after 1 s) and maps the code it runs again;
        # the CPUs have gone idle too, which /bin/true shows.
        idle = [d for d in schedulers + floors if d is kit or d.name in ('atd', 'true')]
        idle_times = {d.name: [] for d in idle}
        idle_times['answer'] = []
        for _ in range(IDLE_RUNS):
            for d in idle:
                time.sleep(IDLE_SECONDS)
                idle_times[d.name].append(command_ms(d.schedule_command(), env=kit.env if d is kit else None))
            time.sleep(IDLE_SECONDS)
            idle_times['answer'].append(kit.answer_ms())
        for d in schedulers:
            d.stop()
        base = statistics.median(times[kit.name])
        print()
        print(f'| scheduling one item, whole command, median of {RUNS} | ms | × kitctl |')
        print('|---|---|---|')
        labels = {kit.name: '`kitctl timer start 1h`', 'atd': '`at now + 1 min`', 'remind -z': 'a REM line appended'}
        labels |= {'true': 'a C program that does nothing (`/bin/true`)',
                   'swift': 'a static Swift program that prints a line, linked as kitctl is',
                   'answer': "kitd's answer to kitctl's `timer.start`, from this script (connect to reply)"}
        for name in [d.name for d in schedulers + floors] + ['answer']:
            m = statistics.median(times[name])
            print(f'| {labels[name]} | {m:.2f} | {m / base:.2f} |')
        if 'swift' in times:
            own = base - statistics.median(times['swift']) - statistics.median(times['answer'])
            print(f'\nkitctl beyond the Swift program and kitd\'s answer: {own:.2f} ms')
        if 'atd' in times:
            print(f'\nkitctl timer start over at now + 1 min: {base / statistics.median(times["atd"]):.2f}x (target <= 1.5x)')
        idle_base = statistics.median(idle_times[kit.name])
        print()
        print(f'| the same, each after {IDLE_SECONDS:g} s of nothing, median of {IDLE_RUNS} | ms | × kitctl |')
        print('|---|---|---|')
        for name in idle_times:
            m = statistics.median(idle_times[name])
            print(f'| {labels[name]} | {m:.2f} | {m / idle_base:.2f} |')
        if 'atd' in idle_times:
            print(f'\nafter {IDLE_SECONDS:g} s idle, kitctl timer start over at now + 1 min: '
                  f'{idle_base / statistics.median(idle_times["atd"]):.2f}x')
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == '__main__':
    main()
