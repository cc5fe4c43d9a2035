// What a Nuxt app's '#imports' gives the client composables, for type-checking this package outside an app.
export { defineNuxtPlugin, definePayloadPlugin, definePayloadReducer, definePayloadReviver, setResponseStatus, tryUseNuxtApp, useAsyncData, useNuxtApp, useRequestEvent, useRequestHeaders, useRequestURL } from 'nuxt/app'
