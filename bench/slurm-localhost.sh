#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, with job accounting, to try
# BenchExec's Slurm executor (contrib/slurm-benchmark.py) on bitprove.
# See bench/README.md, "Scale-out with Slurm".  CI never runs this.
#
#   bench/slurm-localhost.sh start        install what is missing, write the
#                                         configuration, start the daemons, wait
#                                         until the node is idle
#   bench/slurm-localhost.sh run [ARGS]   start, then run a benchmark through Slurm
#                                         (ARGS go to slurm-benchmark.py; default:
#                                         bench/benchexec/sv-comp-quick.xml)
#   bench/slurm-localhost.sh stop         stop the daemons this script started
#   bench/slurm-localhost.sh status       show the daemons and sinfo
#   bench/slurm-localhost.sh all [ARGS]   start, run, stop (the default)
#
# Every subcommand may be repeated: what runs already is left running, what
# is installed already is not installed again.  Needs root (apt-get, daemons).
#
# Environment: BITPROVE_SLURM_DIR (configuration, state, logs, pid files;
# default /var/tmp/bitprove-slurm), BENCHEXEC_DIR (default
# ../shared/tools/benchexec next to the checkout), BITPROVE_TOOL_DIR (the
# directory with the bitprove binary; default build/), BITPROVE_SLURM_OUT
# (results; default bench/results/slurm/), BITPROVE_SLURM_PARALLEL (runs at
# a time, -N; default 2), BITPROVE_SLURM_CGROUP (auto, yes, no: Slurm's cgroup
# plugins, see start_all).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
state=${BITPROVE_SLURM_DIR:-/var/tmp/bitprove-slurm}
benchexec_dir=${BENCHEXEC_DIR:-$repo/../shared/tools/benchexec}
tool_dir=${BITPROVE_TOOL_DIR:-$repo/build}
out_dir=${BITPROVE_SLURM_OUT:-$repo/bench/results/slurm/}
parallel=${BITPROVE_SLURM_PARALLEL:-2}

cluster=bitprove
partition=debug
db_name=bitprove_slurm_acct_db
node=$(hostname -s)
export SLURM_CONF=$state/etc/slurm.conf

say() { printf 'slurm-localhost: %s\n' "$*"; }
die() { printf 'slurm-localhost: %s\n' "$*" >&2; exit 1; }

need_root() {
  [ "$(id -u)" -eq 0 ] || die "needs root: it installs packages and starts munged, MariaDB and the Slurm daemons"
}

# --- packages --------------------------------------------------------------

# slurm-wlm: slurmctld, slurmd, the clients (srun, sinfo, sacct); munge: the
# authentication every Slurm daemon and client needs; slurmdbd and MariaDB:
# job accounting, without which sacct (and so seff) has nothing to report.
packages=(slurm-wlm munge slurmdbd mariadb-server python3)

install_missing() {
  local missing=() p
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# --- configuration -----------------------------------------------------------

# Writes $1 from standard input unless it already has that content; returns 0
# when the file changed.
write_if_changed() {
  local file=$1 tmp
  tmp=$(mktemp "$file.XXXXXX")
  cat >"$tmp"
  if [ -f "$file" ] && cmp -s "$tmp" "$file"; then
    rm -f "$tmp"
    return 1
  fi
  mv "$tmp" "$file"
  return 0
}

# The node line comes from `slurmd -C`, which reads the machine: CPUs, sockets,
# cores, threads per core and memory.  With cgroups (argument yes) Slurm
# tracks a job's processes in a cgroup and enforces its memory (srun --mem)
# and cores there, as a cluster does; the kernel's OOM killer ends a run over
# its memory and Slurm reports OUT_OF_MEMORY.  Without (no), for a container
# whose cgroups Slurm may not manage: proctrack/linuxproc follows the
# processes through /proc, and memory is measured but not enforced.  Either
# way jobacct_gather/linux samples CPU time and memory every second (MaxRSS).
# SchedulerParameters=defer: the executor reads the job id from srun's
# "job N queued and waiting for resources", which srun prints only for a job
# that is not started at once; without defer an idle cluster starts every job
# at submission, srun prints no id, and the executor submits the run again,
# forever (423 submissions of the same run in 15 s here).
write_config() {
  local use_cgroup=$1 hw changed=1 proctrack=proctrack/linuxproc task=task/affinity
  if [ "$use_cgroup" = yes ]; then
    proctrack=proctrack/cgroup
    task=task/cgroup,task/affinity
  fi
  hw=$(slurmd -C | head -n 1)
  [[ $hw == NodeName=* ]] || die "slurmd -C printed no node line: $hw"
  hw="NodeName=$node ${hw#* }"
  mkdir -p "$state"/{etc,state,spool,log,run,bin,scratch}
  write_if_changed "$state/etc/slurm.conf" <<EOF && changed=0
# written by bench/slurm-localhost.sh
ClusterName=$cluster
SlurmctldHost=$node(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$state/state
SlurmdSpoolDir=$state/spool
SlurmctldPidFile=$state/run/slurmctld.pid
SlurmdPidFile=$state/run/slurmd.pid
SlurmctldLogFile=$state/log/slurmctld.log
SlurmdLogFile=$state/log/slurmd.log
ProctrackType=$proctrack
TaskPlugin=$task
MpiDefault=none
ReturnToService=2
SchedulerType=sched/builtin
SchedulerParameters=defer
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=127.0.0.1
JobAcctGatherType=jobacct_gather/linux
JobAcctGatherFrequency=task=1
$hw NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=$partition Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
  # slurmdbd reads slurmdbd.conf next to \$SLURM_CONF; it holds database
  # credentials, so it must be private to SlurmUser.  MariaDB lets root in
  # through its socket without a password (unix_socket authentication).
  write_if_changed "$state/etc/slurmdbd.conf" <<EOF && changed=0
# written by bench/slurm-localhost.sh
AuthType=auth/munge
DbdHost=localhost
DbdAddr=127.0.0.1
SlurmUser=root
LogFile=$state/log/slurmdbd.log
PidFile=$state/run/slurmdbd.pid
StorageType=accounting_storage/mysql
StorageHost=localhost
StorageUser=root
StorageLoc=$db_name
EOF
  chmod 600 "$state/etc/slurmdbd.conf"
  write_if_changed "$state/etc/cgroup.conf" <<EOF && changed=0
# written by bench/slurm-localhost.sh
CgroupPlugin=autodetect
ConstrainCores=yes
ConstrainRAMSpace=yes
EOF
  write_shims
  return $changed
}

# Two commands in $state/bin, first on PATH for `run` only:
#
# seff, when there is none: Debian 12 does not package Slurm's contrib/seff.
# This one prints the lines of seff's report that BenchExec's executor reads
# (State with exit code, CPU Utilized, Job Wall-clock time, Memory Utilized),
# computed from sacct, in seff's format: times in whole seconds, memory in
# KB, MB or GB (1024-based) whichever gives 1 <= value < 1024.
#
# srun: a wrapper that passes everything to the real srun except one thing.
# Without a container the executor's command ends in `; echo $? > exitcode`,
# which writes the exit code into the working directory, while the executor
# reads it from <its temporary directory>/upper/exitcode (where it lands
# inside the Singularity overlay): every completed run fails with "Should
# never happen: exit code not found, but task was reported COMPLETED", and
# parallel runs would share one file.  The wrapper makes the path absolute:
# the executor sends srun's output to <its temporary directory>/log, which
# /proc/self/fd/1 names.
write_shims() {
  local real_srun
  real_srun=$(PATH=${PATH//$state\/bin:/} command -v srun) || die "no srun on PATH"
  write_if_changed "$state/bin/srun" <<EOF || true
#!/usr/bin/env bash
# written by bench/slurm-localhost.sh: see the comment on write_shims there
set -euo pipefail
log=\$(readlink /proc/\$\$/fd/1 || true)
tail='; echo \$? > exitcode'
if [ \$# -gt 0 ] && [[ \$log == */log && -d \${log%/log}/upper && \${!#} == *"\$tail" && \$log != *"'"* ]]; then
  script=\${!#}
  set -- "\${@:1:\$#-1}" "\${script%"\$tail"}; echo \\\$? > '\${log%/log}/upper/exitcode'"
fi
exec $real_srun "\$@"
EOF
  chmod 755 "$state/bin/srun"
  if PATH=${PATH//$state\/bin:/} command -v seff >/dev/null; then
    rm -f "$state/bin/seff"
    return 0
  fi
  write_if_changed "$state/bin/seff" <<'EOF' || true
#!/usr/bin/env python3
# written by bench/slurm-localhost.sh: seff's report from sacct (see there)
import math
import subprocess
import sys

FIELDS = "JobID,State,ExitCode,AllocCPUS,Elapsed,TotalCPU,MaxRSS"
DONE = {"COMPLETED", "FAILED", "TIMEOUT", "CANCELLED", "OUT_OF_MEMORY",
        "NODE_FAIL", "PREEMPTED", "BOOT_FAIL", "DEADLINE"}


def seconds(text):
    """[D-][HH:]MM:SS[.fff] (sacct's Elapsed and TotalCPU) in seconds."""
    days = 0
    if "-" in text:
        d, text = text.split("-", 1)
        days = int(d)
    total = 0.0
    for part in text.split(":"):
        total = total * 60 + float(part)
    return days * 86400 + total


def kilobytes(text):
    """sacct's MaxRSS (1024-based K, M, G, T suffix) in KiB; empty is 0."""
    if not text:
        return 0.0
    scale = {"K": 1, "M": 1024, "G": 1024 ** 2, "T": 1024 ** 3}
    if text[-1] in scale:
        return float(text[:-1]) * scale[text[-1]]
    return float(text) / 1024


def clock(secs):
    secs = int(secs)
    days, secs = divmod(secs, 86400)
    text = "%02d:%02d:%02d" % (secs // 3600, secs // 60 % 60, secs % 60)
    return ("%d-" % days + text) if days else text


def size(kib):
    if kib <= 0:
        return "0.00 MB"
    exp = min(int(math.log(kib, 1024)), 4)
    return "%.2f %sB" % (kib / 1024 ** exp, "KMGTP"[exp])


def main():
    if len(sys.argv) != 2:
        print("Usage: seff <Jobid>", file=sys.stderr)
        return 2
    jobid = sys.argv[1]
    out = subprocess.run(["sacct", "-n", "-P", "-j", jobid, "-o", FIELDS],
                         stdout=subprocess.PIPE, text=True, check=True).stdout
    rows = [line.split("|") for line in out.splitlines() if line]
    job = next((r for r in rows if r[0] == jobid), None)
    if job is None:
        print("Job not found.", file=sys.stderr)
        return 2
    state = job[1].split()[0]
    exit_code = int(job[2].split(":")[0])
    cores = int(job[3] or 0)
    wall = seconds(job[4])
    cpu = seconds(job[5])
    mem = max([kilobytes(r[6]) for r in rows if r[0] != jobid] or [0.0])
    print("Job ID: %s" % jobid)
    print("Cores: %d" % cores)
    print("State: %s" % state + (" (exit code %d)" % exit_code if state in DONE else ""))
    print("CPU Utilized: %s" % clock(cpu))
    core_wall = wall * max(cores, 1)
    print("CPU Efficiency: %.2f%% of %s core-walltime"
          % (100 * cpu / core_wall if core_wall else 0.0, clock(core_wall)))
    print("Job Wall-clock time: %s" % clock(wall))
    print("Memory Utilized: %s" % size(mem))
    return 0


sys.exit(main())
EOF
  chmod 755 "$state/bin/seff"
}

# --- daemons -----------------------------------------------------------------

# pid in file $1 alive and running program $2
alive() {
  local pid
  [ -f "$1" ] && pid=$(cat "$1") && [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null &&
    [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$2" ]
}

try_until() {  # try_until SECONDS COMMAND...: 0 as soon as COMMAND succeeds
  local limit=$1 i
  shift
  for ((i = 0; i < limit * 2; i++)); do
    "$@" >/dev/null 2>&1 && return 0
    sleep 0.5
  done
  return 1
}

wait_until() {  # wait_until SECONDS WHAT COMMAND...
  local limit=$1 what=$2
  shift 2
  try_until "$limit" "$@" || die "$what not ready after $limit s (logs: $state/log/)"
}

munge_works() { munge -n | unmunge >/dev/null; }
mariadb_works() { mariadb-admin ping; }
dbd_works() { sacctmgr -n list cluster; }
node_idle() { sinfo -h -n "$node" -o %T | grep -qx idle; }

start_munge() {
  munge_works 2>/dev/null && return 0
  [ -s /etc/munge/munge.key ] || mungekey --create
  install -d -o munge -g munge -m 755 /run/munge
  runuser -u munge -- munged
  touch "$state/run/munge.ours"
  wait_until 10 munged munge_works
  say "munged started"
}

# MariaDB keeps its Debian defaults (/var/lib/mysql, socket in /run/mysqld);
# the init script starts it with or without systemd.
start_mariadb() {
  mariadb_works >/dev/null 2>&1 && return 0
  if [ -d /run/systemd/system ]; then
    systemctl start mariadb
  else
    /etc/init.d/mariadb start >/dev/null
  fi
  touch "$state/run/mariadb.ours"
  wait_until 30 MariaDB mariadb_works
  say "MariaDB started"
}

# A job that asks for memory and a core: proves that slurmd can set up a job
# (with cgroups: create them and apply the limits).
probe_job() {
  local out
  out=$(cd / && timeout 60 srun -t 1 -c 1 --mem 64M sh -c 'echo probe-ok' 2>&1) &&
    [[ $out == *probe-ok* ]]
}

# Starts what is not running; 1 if slurmd does not bring the node up.
start_slurm() {
  if ! alive "$state/run/slurmdbd.pid" slurmdbd; then
    slurmdbd
    say "slurmdbd started"
  fi
  wait_until 30 slurmdbd dbd_works
  if ! alive "$state/run/slurmctld.pid" slurmctld; then
    slurmctld
    say "slurmctld started"
  fi
  wait_until 30 slurmctld scontrol ping
  if ! alive "$state/run/slurmd.pid" slurmd; then
    slurmd || return 1
    say "slurmd started"
  fi
  try_until 60 node_idle
}

stop_slurm() {
  kill_pidfile "$state/run/slurmd.pid" slurmd
  kill_pidfile "$state/run/slurmctld.pid" slurmctld
  kill_pidfile "$state/run/slurmdbd.pid" slurmdbd
}

# kill_pidfile FILE NAME: TERM, then wait up to 20 s for the process to end
kill_pidfile() {
  local pid i
  alive "$1" "$2" || return 0
  pid=$(cat "$1")
  kill "$pid"
  for ((i = 0; i < 40; i++)); do
    kill -0 "$pid" 2>/dev/null || { say "$2 stopped"; return 0; }
    sleep 0.5
  done
  die "$2 (pid $pid) did not stop"
}

stop_all() {
  stop_slurm
  if [ -f "$state/run/mariadb.ours" ]; then
    if [ -d /run/systemd/system ]; then systemctl stop mariadb; else /etc/init.d/mariadb stop >/dev/null; fi
    rm -f "$state/run/mariadb.ours"
    say "MariaDB stopped"
  fi
  if [ -f "$state/run/munge.ours" ]; then
    kill_pidfile /run/munge/munged.pid munged
    rm -f "$state/run/munge.ours"
  fi
}

# BITPROVE_SLURM_CGROUP: yes (cgroups or fail), no (never), auto (the
# default: cgroups unless they failed here before, and if they fail now,
# remember that and go on without).
start_all() {
  need_root
  local t0=$SECONDS want=${BITPROVE_SLURM_CGROUP:-auto} use_cgroup=yes
  case $want in
    yes | no | auto) ;;
    *) die "BITPROVE_SLURM_CGROUP must be yes, no or auto, not '$want'" ;;
  esac
  [ "$want" = no ] && use_cgroup=no
  [ "$want" = auto ] && [ -f "$state/etc/cgroup-failed" ] && use_cgroup=no
  install_missing
  # a changed configuration takes effect on a fresh start of Slurm
  if write_config $use_cgroup; then stop_slurm; fi
  start_munge
  start_mariadb
  if ! { start_slurm && probe_job; }; then
    if [ "$use_cgroup" = no ] || [ "$want" = yes ]; then
      die "Slurm does not run jobs (logs: $state/log/)"
    fi
    say "no job runs with the cgroup plugins (see $state/log/slurmd.log); going on without them"
    touch "$state/etc/cgroup-failed"
    use_cgroup=no
    stop_slurm
    write_config no || true
    { start_slurm && probe_job; } || die "Slurm does not run jobs (logs: $state/log/)"
  fi
  say "node $node idle in partition $partition, cgroups: $use_cgroup ($((SECONDS - t0)) s); SLURM_CONF=$SLURM_CONF"
}

# --- benchmark ---------------------------------------------------------------

check_inputs() {
  [ -f "$benchexec_dir/contrib/slurm-benchmark.py" ] ||
    die "no BenchExec with contrib/slurm-benchmark.py in $benchexec_dir (set BENCHEXEC_DIR)"
  [ -x "$tool_dir/bitprove" ] || die "no $tool_dir/bitprove: build it first (or set BITPROVE_TOOL_DIR)"
}

run_benchmark() {
  if [ $# -eq 0 ]; then
    set -- bench/benchexec/sv-comp-quick.xml
  fi
  cd "$repo"
  # --no-container: BenchExec checks its container set-up before it loads the
  # executor, which runs nothing in it; --no-hyperthreading: the executor
  # refuses to run without it; --limitCores 1:
  # it passes the core limit to srun -c, which fails on "None" when unset.
  # The executor passes the definition's memory limit to srun --mem and its CPU
  # time limit to srun -t (a wall-time limit that Slurm rounds up to minutes);
  # bitprove gets the CPU time limit itself (--timeout).
  PATH=$state/bin:$PATH PYTHONPATH=$benchexec_dir:$repo${PYTHONPATH:+:$PYTHONPATH} \
    python3 "$benchexec_dir/contrib/slurm-benchmark.py" --slurm --no-container \
    --no-hyperthreading --limitCores 1 -N "$parallel" \
    --scratchdir "$state/scratch" --tool-directory "$tool_dir" -o "$out_dir" "$@"
}

status() {
  local d
  for d in slurmdbd slurmctld slurmd; do
    if alive "$state/run/$d.pid" "$d"; then say "$d running"; else say "$d not running"; fi
  done
  if munge_works 2>/dev/null; then say "munged running"; else say "munged not running"; fi
  if mariadb_works >/dev/null 2>&1; then say "MariaDB running"; else say "MariaDB not running"; fi
  sinfo 2>/dev/null || true
}

cmd=${1:-all}
[ $# -gt 0 ] && shift
case $cmd in
  start) start_all ;;
  run) check_inputs; start_all; run_benchmark "$@" ;;
  stop) need_root; stop_all ;;
  status) status ;;
  all)
    need_root
    check_inputs
    # stop whatever was started, also when a step fails
    trap stop_all EXIT
    start_all
    run_benchmark "$@"
    ;;
  -h | --help | help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' ;;
  *) die "unknown subcommand '$cmd' (start, run, stop, status, all)" ;;
esac
