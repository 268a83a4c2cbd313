// The colour of each seat on the checkers and Junqi boards, in turn order: the same
// on the board and in its legend.
export const SEAT_COLOURS = ['#c62828', '#1565c0', '#2e7d32', '#ef8f00', '#6a1b9a', '#37474f'];

export const seatColour = (seat: number) => SEAT_COLOURS[seat % SEAT_COLOURS.length];
