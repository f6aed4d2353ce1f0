/** Placeholder island: replaced by its own issue's implementation. */
export default function HeroCall() {
  return null;
}
