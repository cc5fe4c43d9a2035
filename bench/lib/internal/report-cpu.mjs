// Preloaded with `node --import` into a child whose CPU time is measured: at exit, its user + system time (every
// thread of the process, not the processes it starts), in µs, on stderr after a marker that runNodeCpu reads.
process.on('exit', () => {
  const { user, system } = process.cpuUsage()
  process.stderr.write(`\n[cpu-us] ${user + system}\n`)
})
