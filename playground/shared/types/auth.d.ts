// What the sealed session cookie holds (nuxt-auth-utils): the user's id, name and role, nothing secret
declare module '#auth-utils' {
  interface User {
    id: number
    name: string
    role: 'admin' | 'member'
  }
}

export {}
