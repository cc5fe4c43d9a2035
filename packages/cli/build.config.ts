import { defineBuildConfig } from 'unbuild'

// templates/ sits outside the package: rollup inlines it, so the CLI works offline
export default defineBuildConfig({
  entries: ['src/index'],
  declaration: 'node16',
  clean: true,
  rollup: {
    emitCJS: false,
  },
})
