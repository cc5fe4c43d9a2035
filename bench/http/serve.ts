import { serveOverIpc } from '../lib/serve-over-ipc'
import { serverSubjects } from './servers/index'

/**
 * Child-process entry (bundled by bundle-servers.ts): serves one subject's
 * router on 127.0.0.1 and sends its port to the parent over IPC.
 */
const subject = serverSubjects.find(candidate => candidate.name === process.argv[2])
if (!subject) throw new Error(`unknown server ${process.argv[2]}`)
serveOverIpc(subject.createRouter())
