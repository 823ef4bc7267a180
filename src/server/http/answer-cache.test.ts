import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { AnswerCache } from './answer-cache.ts'

// The cache's own rules, without a server: tests/api/answer-cache.test.ts shows it over real sockets.

function request(url: string, method = 'GET', headers: Record<string, string> = {}, route = url) {
  return { method, url, raw: { url }, headers, routeOptions: { url: route } } as unknown as FastifyRequest
}

function reply(statusCode = 200) {
  return {
    statusCode,
    getHeaders: () => ({ 'content-type': 'application/json; charset=utf-8', date: 'Mon, 23 Nov 2026' }),
  } as unknown as FastifyReply
}

function ask(cache: AnswerCache, url: string, method = 'GET', headers: Record<string, string> = {}) {
  const written: { status?: number; headers?: Record<string, string>; body?: Buffer } = {}
  const res = {
    writeHead(status: number, sent: Record<string, string>) {
      written.status = status
      written.headers = sent
    },
    end(body: Buffer) {
      written.body = body
    },
  } as unknown as ServerResponse
  const answered = cache.answer({ method, url, headers } as unknown as IncomingMessage, res)
  return { answered, ...written }
}

const always = () => true

describe('AnswerCache', () => {
  it('gives a kept answer with its headers and length, leaving out the per-answer ones', () => {
    const cache = new AnswerCache()
    cache.keep(request('/a?x=1'), reply(), Buffer.from('{"ok":true}'), always)
    const given = ask(cache, '/a?x=1')
    expect(given.answered).toBe(true)
    expect(given.status).toBe(200)
    expect(given.headers).toEqual({
      'content-type': 'application/json; charset=utf-8',
      'content-length': '11',
    })
    expect(String(given.body)).toBe('{"ok":true}')
  })

  it('keeps only 200 answers to GETs, and gives them only to GETs with the same credentials', () => {
    const cache = new AnswerCache()
    cache.keep(request('/e'), reply(404), Buffer.from('{}'), always)
    cache.keep(request('/p', 'POST'), reply(), Buffer.from('{}'), always)
    cache.keep(request('/w', 'GET', { authorization: 'Bearer one' }), reply(), Buffer.from('{}'), always)
    expect(ask(cache, '/e').answered).toBe(false)
    expect(ask(cache, '/p', 'POST').answered).toBe(false)
    expect(ask(cache, '/w', 'HEAD', { authorization: 'Bearer one' }).answered).toBe(false)
    expect(ask(cache, '/w').answered).toBe(false)
    expect(ask(cache, '/w', 'GET', { authorization: 'Bearer two' }).answered).toBe(false)
    expect(ask(cache, '/w', 'GET', { authorization: 'Bearer one' }).answered).toBe(true)
  })

  it('drops an answer once its test fails, and for good', () => {
    const cache = new AnswerCache()
    let current = true
    cache.keep(request('/a'), reply(), Buffer.from('{}'), () => current)
    expect(ask(cache, '/a').answered).toBe(true)
    current = false
    expect(ask(cache, '/a').answered).toBe(false)
    current = true
    expect(ask(cache, '/a').answered).toBe(false)
  })

  it('starts over rather than holding more than 64 MB', () => {
    const cache = new AnswerCache()
    const megabyte = Buffer.alloc(1024 * 1024)
    for (let i = 0; i < 64; i++) cache.keep(request(`/big/${i}`), reply(), megabyte, always)
    expect(ask(cache, '/big/0').answered).toBe(true)
    cache.keep(request('/big/64'), reply(), megabyte, always)
    expect(ask(cache, '/big/0').answered).toBe(false)
    expect(ask(cache, '/big/63').answered).toBe(false)
    expect(ask(cache, '/big/64').answered).toBe(true)
  })

  it('answers nothing once closed', () => {
    const cache = new AnswerCache()
    cache.keep(request('/a'), reply(), Buffer.from('{}'), always)
    cache.close()
    expect(ask(cache, '/a').answered).toBe(false)
    cache.keep(request('/a'), reply(), Buffer.from('{}'), always)
    expect(ask(cache, '/a').answered).toBe(false)
  })

  it('counts the answers it gives by route pattern, not by URL', () => {
    const cache = new AnswerCache()
    cache.keep(request('/ads/1', 'GET', {}, '/ads/:id'), reply(), Buffer.from('{}'), always)
    cache.keep(request('/ads/2', 'GET', {}, '/ads/:id'), reply(), Buffer.from('{}'), always)
    expect(cache.hitsByRoute()).toEqual(new Map([['/ads/:id', 0]]))
    ask(cache, '/ads/1')
    ask(cache, '/ads/2')
    ask(cache, '/ads/2')
    ask(cache, '/ads/3')
    expect(cache.hitsByRoute()).toEqual(new Map([['/ads/:id', 3]]))
  })
})
