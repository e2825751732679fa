// The tag `npm start` puts before each line of a service: the service's name padded to the
// widest, coloured only when the output is a terminal (a pipe or a file gets plain text).
export function prefixTag(
  name: string,
  width: number,
  color: number,
  out: { isTTY?: boolean },
): string {
  const padded = name.padEnd(width);
  return out.isTTY ? `\x1b[${color}m${padded}\x1b[0m |` : `${padded} |`;
}
