// Child-process entry: the plain action, the floor.
import { serveTodoAction } from '../fixture'

serveTodoAction()
