/** Fills the `{name}` placeholders of a catalog message; an unknown name is left as it is, visibly. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}
