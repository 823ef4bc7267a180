import { describe, expect, it } from 'vitest'
import { addressKey, coversAFamily } from './addresses.ts'

describe('a client address, however a proxy spells it', () => {
  it('counts one IPv4 client once: bare, with a port, with leading zeros, or written as IPv6', () => {
    for (const spelling of [
      '203.0.113.40',
      '203.0.113.040',
      '203.0.113.40:1234',
      '::ffff:203.0.113.40',
      '[::ffff:203.0.113.40]:80',
      ' 203.0.113.40 ',
    ]) {
      expect(addressKey(spelling), spelling).toBe('203.0.113.40')
    }
  })

  it('counts one IPv6 network once: in brackets, with a port or a zone, in any case, compressed or not', () => {
    for (const spelling of [
      '2001:db8:5:1::2',
      '[2001:db8:5:1::2]',
      '[2001:db8:5:1::2]:443',
      '2001:DB8:5:1:0:0:0:2',
      '2001:0db8:0005:0001::99',
      '2001:db8:5:1::3%eth0',
    ]) {
      expect(addressKey(spelling), spelling).toBe('2001:db8:5:1::/64')
    }
  })

  it('keeps what is not an address as its text, so junk never joins a real client', () => {
    expect(addressKey('Not-An-Address')).toBe('not-an-address')
    expect(addressKey('203.0.113.256')).toBe('203.0.113.256')
    expect(addressKey('[203.0.113.40')).toBe('[203.0.113.40')
  })
})

describe('a list of proxy ranges', () => {
  it('covers a family only when its pieces hold every address of it', () => {
    expect(coversAFamily(['0.0.0.0/1', '128.0.0.0/1'])).toBe(true)
    expect(coversAFamily(['::/1', '8000::/1'])).toBe(true)
    expect(coversAFamily(['::ffff:0:0/96'])).toBe(true)
    expect(coversAFamily(['0.0.0.0/1', '128.0.0.0/2'])).toBe(false)
    expect(coversAFamily(['10.0.0.0/8', 'fd00::/8'])).toBe(false)
  })
})
