# The survey samples on the real engines: samples/slurm/*.sbatch on a
# one-node Slurm cluster made here (its own munged, slurmctld and slurmd,
# ports, configuration and directories, all under the test's temporary
# directory; stopped by their process ids whatever happens), and
# samples/parallel/survey.sh with GNU parallel on this machine's cores. Each
# merged report must be byte for byte that of one run; a shard lost or
# failed is run again alone and the merge then succeeds. Needs root (the
# Slurm daemons) and Debian's slurm-wlm, munge and parallel (.ci/install-deps):
# without them it fails, it does not skip.
source "$(dirname "$0")/lib/common.bash"
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
S=$BIN/talon-stats

for tool in munged munge slurmctld slurmd sbatch squeue scontrol scancel sinfo parallel; do
  command -v "$tool" >/dev/null || fail "'$tool' is missing: install Debian's slurm-wlm, munge and parallel (.ci/install-deps)"
done
[ "$(id -u)" = 0 ] || fail "the Slurm daemons need root (run the tests as root, as CI does)"

# The reference: one process over the same deals.
run single "$S" --game fourteen-out --deals 1-2000 --threads 1 -o "$TMP/single.txt"
expect_rc single 0
"$S" --game fourteen-out --deals 1-2000 --threads 1 --format json -o "$TMP/single.json"

# ---------------------------------------------------------------- Slurm
D=$TMP/slurm
mkdir -p "$D/run" "$D/etc" "$D/log" "$D/state" "$D/spool" "$D/job"
# munged insists that its socket's directories be searchable by everyone
# and that its key and log be private.
chmod 755 "$TMP" "$D" "$D/run"
chmod 700 "$D/etc" "$D/log"
head -c 1024 /dev/urandom >"$D/etc/munge.key"
chmod 400 "$D/etc/munge.key"

PIDS=()
cleanup() {
  if [ -e "$D/slurm.conf" ] && [ ${#PIDS[@]} -gt 0 ]; then
    SLURM_CONF=$D/slurm.conf timeout 10 scancel --quiet --user=root 2>/dev/null || true
  fi
  local i
  for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do kill "${PIDS[i]}" 2>/dev/null || true; done
  for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do
    for _ in $(seq 1 50); do kill -0 "${PIDS[i]}" 2>/dev/null || break; sleep 0.1; done
    kill -9 "${PIDS[i]}" 2>/dev/null || true
  done
  [ -n "${KEEP_TMP:-}" ] || rm -rf "$TMP"
}
trap cleanup EXIT

munged -F --socket="$D/run/munge.socket" --key-file="$D/etc/munge.key" --pid-file="$D/run/munged.pid" \
  --log-file="$D/log/munged.log" --seed-file="$D/etc/munged.seed" >"$D/log/munged.out" 2>&1 &
PIDS+=($!)
for _ in $(seq 1 50); do [ -S "$D/run/munge.socket" ] && break; sleep 0.1; done
munge -S "$D/run/munge.socket" -n | unmunge -S "$D/run/munge.socket" >/dev/null ||
  fail "munged did not start: $(cat "$D/log/munged.out")"
pass

# Two free ports (nothing answers there).
free_port() {
  local p
  while :; do
    p=$((20000 + RANDOM % 40000))
    [ "$p" != "${1:-}" ] && ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null && { echo "$p"; return; }
  done
}
ctld_port=$(free_port)
slurmd_port=$(free_port "$ctld_port")
cpus=$(slurmd -C | sed -n 's/.* CPUs=\([0-9]*\).*/\1/p')
[ -n "$cpus" ] || cpus=$(nproc)
host=$(hostname -s)
node=talontest$$
cat >"$D/slurm.conf" <<EOF
ClusterName=talontest$$
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
AuthInfo=socket=$D/run/munge.socket
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$D/state
SlurmdSpoolDir=$D/spool
SlurmctldPidFile=$D/run/slurmctld.pid
SlurmdPidFile=$D/run/slurmd.pid
SlurmctldLogFile=$D/log/slurmctld.log
SlurmdLogFile=$D/log/slurmd.log
ReturnToService=2
NodeName=$node NodeHostname=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=talon Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$D/slurm.conf
slurmctld -D -i >"$D/log/slurmctld.out" 2>&1 &
PIDS+=($!)
slurmd -D -N "$node" >"$D/log/slurmd.out" 2>&1 &
PIDS+=($!)
for _ in $(seq 1 300); do
  sinfo -h -n "$node" -o %t 2>/dev/null | grep -q '^idle' && break
  sleep 0.1
done
sinfo -h -n "$node" -o %t 2>/dev/null | grep -q '^idle' ||
  fail "the one-node cluster did not come up: $(tail -5 "$D/log/slurmctld.log" "$D/log/slurmd.log" 2>&1)"
pass

# wait_jobs SECONDS: until no job of ours is queued or running.
wait_jobs() {
  local end=$((SECONDS + $1))
  while [ -n "$(squeue -h 2>/dev/null)" ]; do
    [ $SECONDS -lt $end ] || fail "jobs still queued after $1 s: $(squeue)"
    sleep 0.5
  done
}
# job_state ID: COMPLETED, FAILED, ... of a job (every task of an array).
job_state() { scontrol -o show job "$1" | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | sort -u | tr '\n' ' '; }

cd "$D/job"
# A talon-stats whose shard 3 of 4 fails (a node lost, a time limit).
cat >"$TMP/flaky" <<EOF
#!/usr/bin/env bash
case " \$* " in *" --shard 3/4 "*) echo "flaky: shard 3 fails" >&2; exit 1 ;; esac
exec "$S" "\$@"
EOF
chmod +x "$TMP/flaky"
export TALON_GAME=fourteen-out TALON_DEALS=1-2000 TALON_OUT=$D/job/out TALON_STATS=$S
jid=$(TALON_STATS=$TMP/flaky sbatch --parsable --array=1-4 "$ROOT/samples/slurm/survey.sbatch") ||
  fail "sbatch of the array failed"
mid=$(sbatch --parsable --dependency=afterok:"$jid" --kill-on-invalid-dep=yes "$ROOT/samples/slurm/merge.sbatch") ||
  fail "sbatch of the merge failed"
wait_jobs 90
[ "$(job_state "$jid")" = "COMPLETED FAILED " ] || fail "array $jid: $(job_state "$jid"); $(cat slurm-*.out)"
[ "$(job_state "$mid")" = "CANCELLED " ] || fail "merge $mid after a failed shard: $(job_state "$mid")"
pass
expect_in "slurm-${jid}_3.out" "flaky: shard 3 fails"
expect_no_file out/shard-3-of-4.csv
expect_no_file out/report.txt
[ "$(cat out/shards)" = 4 ] || fail "out/shards: $(cat out/shards)"
pass
for k in 1 2 4; do
  expect_in "out/shard-$k-of-4.csv" "# talon-per-deal/1 deals=1-2000 shard=$k/4 "
  expect_no_temp "out/shard-$k-of-4.csv"
done
# The failed shard again, alone (N read from out/shards), then the merge.
jid=$(sbatch --parsable --array=3 "$ROOT/samples/slurm/survey.sbatch")
mid=$(sbatch --parsable --dependency=afterok:"$jid" --kill-on-invalid-dep=yes "$ROOT/samples/slurm/merge.sbatch")
wait_jobs 60
[ "$(job_state "$jid")" = "COMPLETED " ] || fail "shard 3 again: $(job_state "$jid"); $(cat "slurm-${jid}_3.out")"
[ "$(job_state "$mid")" = "COMPLETED " ] || fail "merge after shard 3 ran again: $(job_state "$mid"); $(cat "slurm-$mid.out")"
pass
cmp out/report.txt "$TMP/single.txt" || fail "Slurm: the merged report differs from one run"
pass
cmp out/report.json "$TMP/single.json" || fail "Slurm: the merged JSON differs from one run"
pass

# A shard's file lost: the merge job fails, naming it.
rm out/shard-2-of-4.csv out/report.txt
mid=$(sbatch --parsable "$ROOT/samples/slurm/merge.sbatch")
wait_jobs 60
[ "$(job_state "$mid")" = "FAILED " ] || fail "merge without shard 2: $(job_state "$mid")"
expect_in "slurm-$mid.out" "cannot open '$D/job/out/shard-2-of-4.csv'"
expect_no_file out/report.txt
unset TALON_GAME TALON_DEALS TALON_OUT TALON_STATS

# ---------------------------------------------------------------- GNU parallel
P=$TMP/parallel
survey() { TALON_GAME=fourteen-out TALON_DEALS=1-2000 TALON_SHARDS=4 TALON_OUT=$P TALON_JOBS=2 TALON_NICE=0 \
  TALON_STATS=${1:-$S} bash "$ROOT/samples/parallel/survey.sh"; }
run par survey
expect_rc par 0
cmp "$P/report.txt" "$TMP/single.txt" || fail "GNU parallel: the merged report differs from one run"
pass
cmp "$P/report.json" "$TMP/single.json" || fail "GNU parallel: the merged JSON differs from one run"
pass
[ "$(grep -c -- '--shard [1-4]/4 ' "$P/joblog")" = 4 ] || fail "joblog: $(cat "$P/joblog")"
pass
# A shard failing: the script stops without a report; run again, only that shard runs.
rm "$P/shard-2-of-4.csv" "$P/report.txt"
sed 's|--shard 3/4|--shard 2/4|; s|shard 3 fails|shard 2 fails|' "$TMP/flaky" >"$TMP/flaky2"
chmod +x "$TMP/flaky2"
run flaky survey "$TMP/flaky2"
expect_rc flaky 1
expect_in "$TMP/flaky.err" "some shards failed"
expect_no_file "$P/report.txt"
expect_no_file "$P/shard-2-of-4.csv"
run resume survey
expect_rc resume 0
expect_in "$TMP/resume.err" "1 to run"
cmp "$P/report.txt" "$TMP/single.txt" || fail "GNU parallel: the resumed report differs from one run"
pass
done_ok
