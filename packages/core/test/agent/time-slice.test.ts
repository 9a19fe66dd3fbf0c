import { TimeSlice } from '../../src/agent/time-slice.js';

describe('TimeSlice', () => {
  let now = 0;
  let clock: jest.SpiedFunction<typeof Date.now>;
  beforeEach(() => {
    now = 100;
    clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => clock.mockRestore());

  it('reads the clock only at every stepsPerClockRead steps, and is over once a slice has lasted a millisecond', () => {
    const slice = new TimeSlice(3);
    slice.start();
    now += 5;
    // The clock is not read before the third step: the slice is not over yet, whatever the time.
    expect([slice.over(), slice.over()]).toEqual([false, false]);
    expect(slice.over()).toBe(true);
    expect(clock).toHaveBeenCalledTimes(2);
  });

  it('begins a slice at the first reading of the clock after a reset, or after one was over', () => {
    const slice = new TimeSlice(2);
    slice.reset();
    expect([slice.over(), slice.over()]).toEqual([false, false]); // this reading begins the slice
    now += 1;
    expect([slice.over(), slice.over()]).toEqual([false, true]);
    now += 10;
    // Over: the next reading begins a new slice rather than finding it over at once.
    expect([slice.over(), slice.over()]).toEqual([false, false]);
    expect([slice.over(), slice.over()]).toEqual([false, false]);
  });
});
